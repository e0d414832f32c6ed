import Shop

/// What the runtime needs from the world outside the core: a screen to draw on, somewhere to announce
/// events, and a way out. The terminal edge is one; script mode and the tests have their own.
public protocol AppShell: AnyObject {
  /// Whether there is a screen: script mode has none, and the runtime then renders nothing.
  var hasScreen: Bool { get }
  /// Shows `grid`; called at most once per turn of the app's scheduler.
  func draw(_ grid: Grid)
  /// Forgets what is on the screen, so that the next `draw` paints every cell (Ctrl-L).
  func invalidate()
  /// Tells the outside world about an event (script mode prints it).
  func announce(_ event: TimedEvent)
  /// Ends the app with `status`, after the final save; `message` (such as a save that failed) is for
  /// the user once the terminal is restored.
  func exit(status: Int32, message: String?)
}
