#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value and the pthread mutex that guards it, for the few places where the app shares state
/// between threads (the list's index parts, the state file's lock descriptor).
///
/// Not `Synchronization.Mutex`: on Linux it hands a contended lock over through the kernel (a
/// priority-inheritance futex), which ThreadSanitizer does not see, so `make tsan` would report a race
/// between two accesses that the lock orders, or stall (`Sources/Reactive/ARCHITECTURE.md` has the
/// measurement). A pthread mutex is a lock ThreadSanitizer checks.
package final class LockedValue<Value>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  /// Guards `value`.
  package init(_ value: Value) {
    self.value = value
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` on the value, holding the lock.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
