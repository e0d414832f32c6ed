#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on `<state file>.lock`, held until released or the process ends.
///
/// `flock` belongs to the open file description, so a second lock in the same process is refused too.
/// The lock file is never deleted: deleting it would let two processes lock different files.
final class StateFileLock: Sendable {
  private let descriptor: Int32

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
      if error == EWOULDBLOCK { throw .inUse(path: reportedPath) }
      throw .cannotPrepare(
        path: reportedPath, reason: SystemCallFailure("cannot lock \(lockPath)", errorNumber: error).reason)
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }
}
