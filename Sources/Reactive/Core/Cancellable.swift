/// Something whose work can be stopped, such as a subscription or a scheduled action.
///
/// Calling ``cancel()`` frees the resources the activity holds and stops its side effects; calling it
/// more than once has no further effect.
public protocol Cancellable {
  /// Stops the activity and frees what it holds.
  func cancel()
}
