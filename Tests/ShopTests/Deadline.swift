import Dispatch
import Foundation

/// Runs `work` on a thread of its own and waits at most `seconds` for it: a call that would block
/// forever (an `open` on a FIFO) fails its test instead of hanging the run.
///
/// Returns the result, or nil when time ran out; `unblock` is then called so the stuck thread can end.
func withDeadline<T: Sendable>(
  seconds: Double = 10, unblock: () -> Void = {}, _ work: @escaping @Sendable () -> T
) -> T? {
  let done = DispatchSemaphore(value: 0)
  let box = ResultBox<T>()
  let thread = Thread {
    box.set(work())
    done.signal()
  }
  thread.start()
  guard done.wait(timeout: .now() + seconds) == .success else {
    unblock()
    return nil
  }
  return box.value
}

/// Opens the FIFO at `path` for writing and closes it at once: a reader blocked opening it goes on.
func releaseReaderBlocked(onFIFO path: String) {
  let descriptor = open(path, O_WRONLY | O_NONBLOCK)
  if descriptor >= 0 { close(descriptor) }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: T?
  var value: T? { lock.withLock { stored } }
  func set(_ value: T) { lock.withLock { stored = value } }
}
