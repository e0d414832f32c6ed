import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pthread mutex and the state it guards, in one allocation.
///
/// `Synchronization.Mutex` on Linux uses priority-inheritance futexes and costs about ten times more
/// per uncontended lock than a plain pthread mutex on this machine, which matters on the send path.
/// The state sits in the buffer's header and the mutex in its tail, whose address never moves; access
/// through their pointers costs no dynamic exclusivity check. `ManagedBuffer` is explicitly not
/// `Sendable`, so the types that share one across threads are `@unchecked Sendable` themselves.
///
/// It is the package's one lock: `Shop` uses it too (it is `package`, not part of Reactive's API).
@usableFromInline
package final class LockedState<State>: ManagedBuffer<State, pthread_mutex_t> {
  /// Creates the state behind a new mutex, recursive if asked.
  @inlinable
  package static func make(_ initial: State, recursive: Bool = false) -> LockedState<State> {
    let buffer = create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { mutex in
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
          pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
      }
      return initial
    }
    return unsafeDowncast(buffer, to: LockedState<State>.self)
  }

  deinit {
    withUnsafeMutablePointerToElements { mutex in
      pthread_mutex_destroy(mutex)
      mutex.deinitialize(count: 1)
    }
  }

  /// Takes the lock; pair with ``unlock()``.
  @inlinable @inline(__always)
  package func lock() {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
  }

  /// Releases the lock.
  @inlinable @inline(__always)
  package func unlock() {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) }
  }

  /// Takes the lock if no other thread holds it; pair a `true` with ``unlock()``.
  @inlinable
  package func tryLock() -> Bool {
    withUnsafeMutablePointerToElements { pthread_mutex_trylock($0) == 0 }
  }

  /// The state, for a caller that holds the lock (or otherwise serializes access).
  @inlinable
  package var unsafeState: UnsafeMutablePointer<State> {
    withUnsafeMutablePointerToHeader { $0 }
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable @inline(__always)
  package func withLock<T, E: Error>(_ body: (inout State) throws(E) -> T) throws(E) -> T {
    let (state, mutex) = withUnsafeMutablePointers { ($0, $1) }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state.pointee)
  }
}

/// A lock that guards no state of its own.
@usableFromInline
package typealias PlainLock = LockedState<Void>

extension LockedState where State == Void {
  /// Creates a lock, recursive if asked.
  @inlinable
  package static func make(recursive: Bool = false) -> PlainLock {
    make((), recursive: recursive)
  }

  /// Runs `body` holding the lock.
  @inlinable @inline(__always)
  package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A value owned by one object and touched only in ways the owner serializes (by a lock it holds, or
/// by the publisher contract that calls to a subscriber never overlap). Kept behind a pointer so that
/// access costs no dynamic exclusivity check.
@usableFromInline
struct SerializedSlot<Value> {
  @usableFromInline let pointer: UnsafeMutablePointer<Value>

  @inlinable
  init(_ initial: Value) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: initial)
  }

  /// The value; the owner serializes reads and writes.
  @inlinable
  var value: Value {
    @inline(__always) get { pointer.pointee }
    @inline(__always) nonmutating set { pointer.pointee = newValue }
  }

  /// Frees the storage; call once, from the owner's deinit.
  @inlinable
  func free() {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }
}

/// A value behind the package's lock that may be shared across threads: `Sendable`, which
/// ``LockedState`` (a `ManagedBuffer`) cannot be. `Shop`'s stores keep their state in one.
///
/// Inlinable, so that the stores in `Shop` call a specialised lock: through the generic entry point,
/// every write looked up the metadata of its closure's types at run time.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let storage: LockedState<Value>

  /// A lock guarding `value`.
  @inlinable
  package init(_ value: Value) {
    storage = .make(value)
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable @inline(__always)
  package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
    try storage.withLock(body)
  }
}

/// An identifier of the calling thread, unique among running threads: how a subject tells a send
/// from inside one of its own deliveries from a send on another thread.
@inlinable @inline(__always)
func currentThreadIdentifier() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

/// A lock for critical sections of a few instructions that call no code of anyone else's: taking it
/// is one compare-and-exchange and letting it go a plain store, where a pthread mutex costs an atomic
/// operation for each. A thread that finds it taken does not spin: it sleeps 50 µs (about 0.1 ms on
/// Linux, whose timer slack rounds the sleep up) and tries again, until it takes the lock.
///
/// Why sleep at once: on this 2-core machine a waiter that spins, even ten reads of the word, pulls
/// its cache line away from the holder on every read, and a `sched_yield` with nothing else to run
/// is a spin through the kernel. Eight threads sending into one subject cost 57-135 ns per send with
/// the spin-then-yield this lock had, and 14.7-16.7 ns sleeping at once in twelve runs of thirteen (49 ns in
/// the other; the `8 threads sending into one subject` row of `make bench`, where a pthread mutex,
/// whose waiters sleep in the kernel, measures 15-33 ns around an increment).
/// `Synchronization.Mutex`, which sleeps in the kernel too, measured 180-400 ns on that row here.
///
/// The price is latency, paid only by a thread that meets the lock taken: it waits about 0.1 ms
/// (a `usleep(50)` measured 120 µs at the median here: Linux's 50 µs timer slack), however soon the
/// holder lets go.
///
/// Only for sections that cannot block or run long. Subjects guard their subscriber lists with it,
/// and `@Published` its value.
@usableFromInline
struct BriefLock: ~Copyable {
  @usableFromInline let word = Atomic<Int>(0)

  /// Creates an unlocked lock.
  @inlinable
  init() {}

  /// Takes the lock; pair with ``unlock()``.
  @inlinable @inline(__always)
  func lock() {
    if word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
    lockContended()
  }

  /// Releases the lock.
  @inlinable @inline(__always)
  func unlock() {
    word.store(0, ordering: .releasing)
  }

  /// Runs `body` holding the lock.
  @inlinable @inline(__always)
  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Sleeps until the lock is free, then takes it; tried again if another thread took it first.
  @usableFromInline
  func lockContended() {
    repeat {
      usleep(50)
    } while word.load(ordering: .relaxed) != 0
      || !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
  }
}
