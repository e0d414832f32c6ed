#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file with plain system calls; a failure is the system's one-line reason.
enum FileBytes {
  struct ReadFailure: Error {
    let errorNumber: Int32
    var reason: String { String(cString: strerror(errorNumber)) }
  }

  static func read(path: String) throws(ReadFailure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ReadFailure(errorNumber: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw ReadFailure(errorNumber: errno) }
    guard (status.st_mode & S_IFMT) == S_IFREG else { throw ReadFailure(errorNumber: EISDIR) }
    // One spare byte: reaching it means the file grew, and only then does the buffer grow.
    var result = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var filled = 0
    while true {
      if filled == result.count { result.append(contentsOf: repeatElement(0, count: 4096)) }
      let count = result.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadFailure(errorNumber: errno)
      }
      if count == 0 { break }
      filled += count
    }
    result.removeLast(result.count - filled)
    return result
  }
}
