import Foundation
import Testing

/// Compares `actual` with the golden file `Snapshots/<name>.txt` beside this file. With
/// `SHOP_RECORD_SNAPSHOTS=1` in the environment it writes the file instead; a missing file is written
/// too, and the test fails so that a person looks at it before it counts.
func expectSnapshot(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots").appendingPathComponent("\(name).txt")
  let recording = ProcessInfo.processInfo.environment["SHOP_RECORD_SNAPSHOTS"] == "1"
  guard !recording, let expected = try? String(contentsOf: url, encoding: .utf8) else {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
    } catch {
      Issue.record("cannot write snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    if !recording {
      Issue.record(
        "recorded new snapshot \(url.path); check it and run again", sourceLocation: sourceLocation)
    }
    return
  }
  if expected != actual {
    let diff = lineDiff(expected: expected, actual: actual)
    let message =
      "snapshot \(name) differs (- golden, + actual; SHOP_RECORD_SNAPSHOTS=1 re-records):\n\(diff)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

/// The lines that differ, numbered, with `|` marking where each line ends so that trailing spaces show.
func lineDiff(expected: String, actual: String) -> String {
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var report: [String] = []
  for index in 0..<max(old.count, new.count) {
    let before = index < old.count ? String(old[index]) : nil
    let after = index < new.count ? String(new[index]) : nil
    guard before != after else { continue }
    let number = String(index + 1).leftPadded(to: 3)
    if let before { report.append("\(number) - \(before)|") }
    if let after { report.append("\(number) + \(after)|") }
  }
  return report.joined(separator: "\n")
}

extension String {
  /// The string padded with spaces on the left to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
