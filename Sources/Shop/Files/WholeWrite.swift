#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing bytes whole to a descriptor: the one loop that the state file, the recording, the SVG
/// file, script mode's output and the terminal's own sequences all write through. A write that a
/// signal interrupts is tried again; a short write goes on from where it stopped.
public enum WholeWrite {
  /// Why bytes could not be written whole.
  public struct Failure: Error, Sendable, Equatable {
    /// The system's error number; `nil` when a write took nothing and gave no error.
    public let errorNumber: Int32?

    /// The system's words for it (`No space left on device`), or `nothing was written`.
    public var reason: String {
      errorNumber.map { String(cString: strerror($0)) } ?? "nothing was written"
    }
  }

  /// Writes all of `bytes` to `descriptor`.
  public static func write(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw Failure(errorNumber: count < 0 ? errno : nil) }
      written += count
    }
  }

  /// Writes `text` and a line feed to `descriptor`.
  public static func writeLine(_ text: String, to descriptor: Int32) throws(Failure) {
    try write(Array((text + "\n").utf8), to: descriptor)
  }

  #if canImport(Glibc)
    private static let systemWrite = Glibc.write
  #elseif canImport(Darwin)
    private static let systemWrite = Darwin.write
  #endif
}
