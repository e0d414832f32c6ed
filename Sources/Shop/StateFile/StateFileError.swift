/// Why the state file cannot be used; `description` is one line naming the file.
public enum StateFileError: Error, Equatable, CustomStringConvertible {
  /// Another process (or another `StateStore` in this one) holds the file, by its lock file `lockPath`
  /// (beside the file a symbolic link at `path` points to).
  case inUse(path: String, lockPath: String)
  /// The file's directory cannot be created or used; the reason names the path at fault.
  case locationUnusable(path: String, reason: String)
  /// The lock file could not be created or opened (a read-only directory, for one).
  case cannotPrepare(path: String, reason: String)
  /// The file exists but cannot be read: the system refused, or it is not a regular file.
  case unreadable(path: String, reason: String)
  /// An unreadable file could not be moved aside, so it was left alone.
  case cannotMoveAside(path: String, reason: String)
  /// Writing failed; the previous file is intact.
  case writeFailed(path: String, reason: String)

  /// One line naming the file and what went wrong.
  public var description: String {
    switch self {
    case .inUse(let path, let lockPath):
      return "state file \(path) is in use by another shop process (lock \(lockPath) is held);"
        + " quit it or run with --no-state"
    case .locationUnusable(let path, let reason):
      return "cannot keep state file \(path): \(reason); use --no-state or --state FILE"
    case .cannotPrepare(let path, let reason): return "cannot prepare state file \(path): \(reason)"
    case .unreadable(let path, let reason): return "cannot read state file \(path): \(reason)"
    case .cannotMoveAside(let path, let reason):
      return "state file \(path) is unreadable and could not be moved aside: \(reason)"
    case .writeFailed(let path, let reason): return "cannot write state file \(path): \(reason)"
    }
  }
}
