import Dispatch

/// What a ``Subscribers/Sink`` cancelled on one thread waits on while another thread is still
/// calling its value closure: the call opens it once for each waiter when it returns.
///
/// Made only by the first cancel that has to wait, so a sink that is never cancelled across threads
/// mid-call allocates none.
@usableFromInline
final class SinkCallGate: Sendable {
  let semaphore = DispatchSemaphore(value: 0)

  @usableFromInline
  init() {}

  /// Lets one waiter go.
  @usableFromInline
  func open() { semaphore.signal() }

  /// Waits until the call returns.
  func wait() { semaphore.wait() }
}
