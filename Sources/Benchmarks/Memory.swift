import Foundation

/// The process's resident memory, from `/proc/self/status`.
enum Memory {
  /// Resident memory now (VmRSS), in kilobytes.
  static func residentKilobytes() -> Int { field("VmRSS:") }

  /// The most resident memory since the last ``resetPeak()`` (VmHWM), in kilobytes.
  static func peakKilobytes() -> Int { field("VmHWM:") }

  /// Starts the peak again from now (writing 5 to `/proc/self/clear_refs`).
  static func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }

  private static func field(_ name: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
}
