import Reactive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on `<state file>.lock`, held until released or the process ends.
///
/// `flock` belongs to the open file description, so a second lock in the same process is refused too.
/// A clean end of the run (``release()``) removes the lock file while still holding it. So a lock is
/// trusted only once the path still names the file it was taken on: a process that opened the file
/// just before it was removed locks a file nobody else can find, and tries again with the one at the
/// path. Someone else may delete the lock file (or the whole directory) while the lock is held;
/// ``check()``, called before every write, locks a new one in its place, or, when another process
/// already made one, refuses the write, so that two processes never write one file.
final class StateFileLock: Sendable {
  /// The locked file, or -1 once released.
  private let descriptor: Locked<Int32>
  /// The lock file's path.
  let lockPath: String

  /// How many times a lock whose file was removed meanwhile is taken again before giving up.
  private static let attempts = 8

  /// Locks `<statePath>.lock`; errors name the state file as `reportedPath`. `beforeLocking` runs
  /// between the first open and its lock (tests remove the file there).
  init(statePath: String, reportedPath: String, beforeLocking: () -> Void = {}) throws(StateFileError) {
    let lockPath = statePath + ".lock"
    var attempt = 0
    while true {
      let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else {
        throw .cannotPrepare(
          path: reportedPath, reason: SystemCallFailure("cannot create lock \(lockPath)").reason)
      }
      if attempt == 0 { beforeLocking() }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let error = errno
        close(descriptor)
        if error == EWOULDBLOCK { throw .inUse(path: reportedPath, lockPath: lockPath) }
        throw .cannotPrepare(
          path: reportedPath, reason: SystemCallFailure("cannot lock \(lockPath)", errorNumber: error).reason)
      }
      if Self.names(lockPath, descriptor) {
        self.descriptor = Locked(descriptor)
        self.lockPath = lockPath
        return
      }
      close(descriptor)
      attempt += 1
      guard attempt < Self.attempts else {
        throw .cannotPrepare(
          path: reportedPath,
          reason: "its lock file \(lockPath) was removed each time it was locked (\(Self.attempts) times)")
      }
    }
  }

  deinit {
    descriptor.withLock { if $0 >= 0 { _ = close($0) } }
  }

  /// Whether `path` names the file open as `descriptor`.
  private static func names(_ path: String, _ descriptor: Int32) -> Bool {
    var held = stat()
    var named = stat()
    return fstat(descriptor, &held) == 0 && stat(path, &named) == 0 && named.st_dev == held.st_dev
      && named.st_ino == held.st_ino
  }

  /// Lets the state file go at the end of the run: removes the lock file, while still holding it, if
  /// it is still the one locked, then unlocks it. ``check()`` throws from then on: nothing more is
  /// written.
  func release() {
    descriptor.withLock { descriptor in
      guard descriptor >= 0 else { return }
      if Self.names(lockPath, descriptor) { unlink(lockPath) }
      close(descriptor)
      descriptor = -1
    }
  }

  /// Makes sure the file at the lock path is the one locked, before a write. A lock file that is gone
  /// (removed, or its directory removed and made again) is made and locked anew; one that another
  /// process made meanwhile throws, since that process may be writing the file. When the lock file can
  /// be neither seen nor made (the directory is gone), the write itself fails and says why.
  func check() throws(SystemCallFailure) {
    try descriptor.withLock { (descriptor: inout Int32) throws(SystemCallFailure) in
      guard descriptor >= 0 else {
        throw SystemCallFailure(description: "the run has ended and let the file go; not saving")
      }
      var held = stat()
      var named = stat()
      if stat(lockPath, &named) == 0 {
        guard fstat(descriptor, &held) == 0, named.st_dev == held.st_dev, named.st_ino == held.st_ino else {
          throw replaced()
        }
        return
      }
      guard errno == ENOENT else { return }
      let renewed = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard renewed >= 0 else { return }
      guard flock(renewed, LOCK_EX | LOCK_NB) == 0 else {
        close(renewed)
        throw replaced()
      }
      close(descriptor)
      descriptor = renewed
    }
  }

  private func replaced() -> SystemCallFailure {
    SystemCallFailure(
      description: "its lock file \(lockPath) was replaced while shop ran, so another shop may be using"
        + " the file; not saving (quit and start again to save)")
  }
}
