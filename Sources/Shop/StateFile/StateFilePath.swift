#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a state file really is: a symbolic link is followed, so that writes go to the file it points
/// to (atomically, in that file's directory) and the link stays a link.
enum StateFilePath {
  /// The most links followed in a row, as Linux's own limit (40).
  static let maximumLinks = 40

  /// `path` with every symbolic link at its end followed; the target need not exist yet (a dangling
  /// link names where the file will be created).
  static func resolve(_ path: String) throws(SystemCallFailure) -> String {
    var current = path
    for _ in 0..<maximumLinks {
      var status = stat()
      guard lstat(current, &status) == 0 else {
        if errno == ENOENT { return current }
        throw SystemCallFailure("cannot look at \(current)")
      }
      guard status.st_mode & S_IFMT == S_IFLNK else { return current }
      var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &target, target.count - 1)
      guard length >= 0 else { throw SystemCallFailure("cannot read the link \(current)") }
      let text = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      // A relative target is beside the link: `link.json -> real.json` in the working directory stays
      // `real.json`, so that messages name it as the user would.
      let beside = current.contains("/") ? AtomicFileWriter.directoryName(of: current) + "/" + text : text
      current = text.hasPrefix("/") ? text : beside
    }
    throw SystemCallFailure("cannot follow \(path)", errorNumber: ELOOP)
  }
}
