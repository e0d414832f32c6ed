#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file so that a crash at any moment leaves either the old or the new content.
///
/// Writes a temporary file in the same directory, fsyncs it, renames it over the target, then fsyncs
/// the directory so the rename itself is durable.
enum AtomicFileWriter {
  /// The prefix of temporary files beside `path`; leftovers from a crash start with it.
  static func temporaryPrefix(for path: String) -> String { path + ".tmp-" }

  /// Writes `bytes` to `path` atomically; throws the system's reason on failure.
  static func write(_ bytes: [UInt8], to path: String) throws(SystemCallFailure) {
    let temporaryPath = temporaryPrefix(for: path) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallFailure("create \(temporaryPath)") }
    do throws(SystemCallFailure) {
      try writeAll(bytes, to: descriptor)
      guard fsync(descriptor) == 0 else { throw SystemCallFailure("fsync \(temporaryPath)") }
      guard close(descriptor) == 0 else { throw SystemCallFailure("close \(temporaryPath)") }
    } catch {
      close(descriptor)
      unlink(temporaryPath)
      throw error
    }
    guard rename(temporaryPath, path) == 0 else {
      let failure = SystemCallFailure("rename to \(path)")
      unlink(temporaryPath)
      throw failure
    }
    try syncDirectory(containing: path)
  }

  static func syncDirectory(containing path: String) throws(SystemCallFailure) {
    let directory = directoryName(of: path)
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemCallFailure("open directory \(directory)") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw SystemCallFailure("fsync directory \(directory)") }
  }

  static func directoryName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemCallFailure) {
    do {
      try WholeWrite.write(bytes, to: descriptor)
    } catch {
      throw SystemCallFailure("write", errorNumber: error.errorNumber ?? EIO)
    }
  }
}

/// A failed system call: what was attempted and `strerror(errno)` at the time.
struct SystemCallFailure: Error {
  let reason: String

  init(_ action: String, errorNumber: Int32 = errno) {
    reason = "\(action): \(String(cString: strerror(errorNumber)))"
  }

  /// A failure described in full, with no system error behind it.
  init(description: String) {
    reason = description
  }
}
