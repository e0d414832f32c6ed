/// The shell of a script: no screen; every announced event goes to `emit`.
final class ScriptModeShell: AppShell {
  private let emit: (TimedEvent) -> Void

  /// A shell that hands each announced event to `emit`.
  init(emit: @escaping (TimedEvent) -> Void) {
    self.emit = emit
  }

  var hasScreen: Bool { false }
  func draw(_ grid: Grid) {}
  func invalidate() {}
  func announce(_ event: TimedEvent) { emit(event) }
  func exit(status: Int32, message: String?) {}
}
