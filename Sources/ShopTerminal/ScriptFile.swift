import AppCore
import Foundation
import Shop

/// Reads a script file whole.
enum ScriptFile {
  /// The largest script accepted: far more than anyone writes by hand.
  static let maximumBytes = 16 << 20

  /// How long opening a script may take before ``contents(atPath:whileWaiting:)`` says it waits.
  static let quietOpening = DispatchTimeInterval.milliseconds(200)

  /// The bytes of the file at `path`. Opening a FIFO waits for a program to write to it; when that does
  /// not happen at once, `whileWaiting` is told, from another thread, one line saying so.
  static func contents(
    atPath path: String, whileWaiting: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(ScriptFileError) -> [UInt8] {
    let notice = DispatchWorkItem {
      whileWaiting(
        "waiting for a program to write to \(UntrustedText.escaped(path)) (a FIFO); Ctrl-C gives up")
    }
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFIFO {
      DispatchQueue.global().asyncAfter(deadline: .now() + quietOpening, execute: notice)
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    notice.cancel()
    guard descriptor >= 0 else { throw ScriptFileError(name: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    return try readAll(descriptor: descriptor, name: path)
  }

  /// Everything left to read on `descriptor`; `name` names it in errors.
  static func readAll(descriptor: Int32, name: String) throws(ScriptFileError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ScriptFileError(name: name, reason: String(cString: strerror(errno)))
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      guard bytes.count <= maximumBytes else {
        throw ScriptFileError(name: name, reason: "larger than \(maximumBytes >> 20) MB")
      }
    }
  }
}
