import Foundation
import Shop

/// The file `--svg FILE` writes: created new before the script runs (an existing file is never
/// overwritten, as `--record` refuses to), and filled once the run is over.
struct SVGFile {
  /// Why the file could not be created or written: one line naming it.
  struct Problem: Error, CustomStringConvertible {
    let description: String
  }

  private let descriptor: Int32
  private let path: String

  /// Creates `path`, refusing one that exists.
  init(creating path: String) throws(Problem) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      let advice = errno == EEXIST ? "; choose another name (nothing was overwritten)" : ""
      throw Problem(description: "--svg: \(UntrustedText.escaped(path)): \(reason)\(advice)")
    }
    self.descriptor = descriptor
    self.path = path
  }

  /// Writes `document` and closes the file; on a failure the file is removed (it was ours and is not
  /// whole).
  func write(_ document: String) throws(Problem) {
    defer { close(descriptor) }
    do {
      try WholeWrite.write(Array(document.utf8), to: descriptor)
    } catch {
      unlink(path)
      throw Problem(description: "--svg: \(UntrustedText.escaped(path)): \(error.reason)")
    }
  }

  /// Closes and removes the file without writing it: the script did not run.
  func discard() {
    close(descriptor)
    unlink(path)
  }
}
