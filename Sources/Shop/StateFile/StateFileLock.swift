import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on `<state file>.lock`, held until released or the process ends.
///
/// `flock` belongs to the open file description, so a second lock in the same process is refused too.
/// The lock file is never deleted: deleting it would let two processes lock different files. Someone
/// else may delete it (or the whole directory) while the lock is held; ``check()``, called before every
/// write, locks a new one in its place, or, when another process already made one, refuses the write,
/// so that two processes never write one file.
final class StateFileLock: Sendable {
  private let descriptor: Mutex<Int32>
  /// The lock file's path.
  let lockPath: String

  /// Locks `<statePath>.lock`; errors name the state file as `reportedPath`.
  init(statePath: String, reportedPath: String) throws(StateFileError) {
    let lockPath = statePath + ".lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotPrepare(
        path: reportedPath, reason: SystemCallFailure("cannot create lock \(lockPath)").reason)
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let error = errno
      close(descriptor)
      if error == EWOULDBLOCK { throw .inUse(path: reportedPath, lockPath: lockPath) }
      throw .cannotPrepare(
        path: reportedPath, reason: SystemCallFailure("cannot lock \(lockPath)", errorNumber: error).reason)
    }
    self.descriptor = Mutex(descriptor)
    self.lockPath = lockPath
  }

  deinit {
    descriptor.withLock { _ = close($0) }
  }

  /// Makes sure the file at the lock path is the one locked, before a write. A lock file that is gone
  /// (removed, or its directory removed and made again) is made and locked anew; one that another
  /// process made meanwhile throws, since that process may be writing the file. When the lock file can
  /// be neither seen nor made (the directory is gone), the write itself fails and says why.
  func check() throws(SystemCallFailure) {
    try descriptor.withLock { (descriptor: inout Int32) throws(SystemCallFailure) in
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
