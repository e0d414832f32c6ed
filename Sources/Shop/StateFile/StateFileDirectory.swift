#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates the directory a state file goes in, and every missing directory above it (mode 0700), so
/// that a failure names the exact path at fault and the system's reason.
enum StateFileDirectory {
  /// Makes `directory` exist; throws the one-line reason it cannot, naming the path at fault.
  static func create(_ directory: String) throws(SystemCallFailure) {
    var prefix = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += "/" + component
      var status = stat()
      if stat(prefix, &status) == 0 {
        let type = status.st_mode & S_IFMT
        guard type == S_IFDIR else {
          throw SystemCallFailure(description: "\(prefix) is \(RegularFile.kind(of: type)), not a directory")
        }
        continue
      }
      guard errno == ENOENT else { throw SystemCallFailure("cannot use directory \(prefix)") }
      guard mkdir(prefix, 0o700) == 0 || errno == EEXIST else {
        throw SystemCallFailure("cannot create directory \(prefix)")
      }
    }
  }
}
