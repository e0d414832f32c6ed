import AppCore
import Foundation

/// The file `--record FILE.cast` writes: created new (an existing file is never overwritten), an
/// asciicast v2 header, then a line for each frame the app draws.
final class CastFile {
  /// Why a recording could not start: one line.
  struct OpenError: Error, CustomStringConvertible {
    let description: String
  }

  private let descriptor: Int32
  private let path: String
  private var cast = Asciicast()
  private let start = ContinuousClock.now
  private var started = false
  /// Why the recording stopped early, if it did.
  private(set) var failure: String?

  /// Creates `path`, refusing one that exists.
  init(path: String) throws(OpenError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      let advice = errno == EEXIST ? "; choose another name (nothing was overwritten)" : ""
      throw OpenError(description: "--record: \(path): \(reason)\(advice)")
    }
    self.descriptor = descriptor
    self.path = path
  }

  deinit {
    close(descriptor)
  }

  /// Records `grid`, the header first.
  func record(_ grid: Grid) {
    guard failure == nil else { return }
    var lines: [String] = []
    if !started {
      started = true
      let term = ProcessInfo.processInfo.environment["TERM"] ?? "xterm-256color"
      lines.append(
        Asciicast.header(
          width: grid.width, height: grid.height, timestamp: Int(Date().timeIntervalSince1970), term: term))
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    lines += cast.frame(grid, at: seconds)
    guard !lines.isEmpty else { return }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        failure = "recording to \(path) stopped: \(String(cString: strerror(errno)))"
        return
      }
      written += count
    }
  }
}
