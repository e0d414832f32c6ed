import Foundation
import Synchronization

/// Runs `body` on a new thread and waits up to `seconds` for it to return; true if it did.
///
/// A scenario that deadlocks then fails its test instead of hanging the run: the stuck thread is
/// left behind, blocked, and the process ends normally when the tests are done.
func completesInTime(seconds: Double = 5, _ body: @escaping @Sendable () -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = 1 << 22
  thread.start()
  return done.wait(timeout: .now() + seconds) == .success
}

/// Runs each body on a thread of its own, all at once, and waits up to `seconds` for every one to
/// return; true if they all did.
func allCompleteInTime(seconds: Double = 5, _ bodies: [@Sendable () -> Void]) -> Bool {
  let done = DispatchSemaphore(value: 0)
  for body in bodies {
    let thread = Thread {
      body()
      done.signal()
    }
    thread.stackSize = 1 << 22
    thread.start()
  }
  let deadline = DispatchTime.now() + seconds
  return bodies.allSatisfy { _ in done.wait(timeout: deadline) == .success }
}

/// An integer shared between threads without a lock.
final class AtomicCounter: Sendable {
  private let storage = Atomic<Int>(0)

  init() {}

  /// The current count.
  var value: Int { storage.load(ordering: .acquiring) }

  /// Adds one and returns the new count.
  @discardableResult
  func increment() -> Int {
    storage.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
  }

  /// Takes one away and returns the new count.
  @discardableResult
  func decrement() -> Int {
    storage.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
  }
}

/// A flag shared between threads without a lock.
final class AtomicFlag: Sendable {
  private let storage = Atomic<Bool>(false)

  init() {}

  /// Whether the flag is set.
  var isSet: Bool { storage.load(ordering: .acquiring) }

  /// Sets the flag.
  func set() {
    storage.store(true, ordering: .releasing)
  }
}

/// An object to watch with a `weak` reference: the tests check that subscriptions let go of it.
final class Tracked: @unchecked Sendable {
  init() {}
}

/// Holds a weak reference, so that a test can check whether an object is still alive.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  private(set) weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
