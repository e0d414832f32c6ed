import Dispatch
import Foundation

/// Runs `work` on a thread of its own and waits at most `seconds` for it: a call that would block
/// forever (an `open` on a FIFO) fails its test instead of hanging the run.
///
/// Returns the result, or nil when time ran out; the FIFO at `blockingFIFO`, if any, is then opened for
/// writing once so that a thread stuck opening it for reading can end.
func withDeadline<T: Sendable>(
  seconds: Double = 10, blockingFIFO: String? = nil, _ work: @escaping @Sendable () -> T
) -> T? {
  let done = DispatchSemaphore(value: 0)
  let box = ResultBox<T>()
  let thread = Thread {
    box.set(work())
    done.signal()
  }
  thread.start()
  guard done.wait(timeout: .now() + seconds) == .success else {
    if let blockingFIFO { releaseReaderBlocked(onFIFO: blockingFIFO) }
    return nil
  }
  return box.value
}

/// Opens the FIFO at `path` for writing and closes it at once: a reader blocked opening it goes on.
private func releaseReaderBlocked(onFIFO path: String) {
  let descriptor = open(path, O_WRONLY | O_NONBLOCK)
  if descriptor >= 0 { close(descriptor) }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: T?
  var value: T? { lock.withLock { stored } }
  func set(_ value: T) { lock.withLock { stored = value } }
}
