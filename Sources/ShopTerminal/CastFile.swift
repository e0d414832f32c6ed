import AppCore
import Foundation
import Shop

/// The file `--record FILE.cast` writes: created new (an existing file is never overwritten), an
/// asciicast v2 header, then a line for each frame the app draws.
///
/// A write that fails (a full disk, `ulimit -f`) stops the recording: the file is cut back to its last
/// whole line, so that it stays a valid cast up to the last whole event, and ``failure`` says why.
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
  /// How many bytes of whole lines are in the file.
  private var whole: off_t = 0
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

  /// Records `grid`, the header first. Returns why the recording stopped, the one time it does.
  @discardableResult
  func record(_ grid: Grid) -> String? {
    guard failure == nil else { return nil }
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
    for line in lines {
      if let reason = write(Array((line + "\n").utf8)) {
        // The part of a line that did get in is taken back: the file ends with the last whole event.
        let cut = ftruncate(descriptor, whole) == 0 ? "; it holds every event up to then" : ""
        failure = "recording to \(UntrustedText.escaped(path)) stopped: \(reason)\(cut)"
        return failure
      }
    }
    return nil
  }

  /// Writes `bytes` whole; returns the system's reason if it could not.
  private func write(_ bytes: [UInt8]) -> String? {
    do {
      try WholeWrite.write(bytes, to: descriptor)
    } catch {
      return error.reason
    }
    whole += off_t(bytes.count)
    return nil
  }
}
