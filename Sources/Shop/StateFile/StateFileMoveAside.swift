import Foundation

extension StateStore {
  /// Moves the unusable file aside to `<file>.unreadable-<time>` (with `-2`, `-3`, ... when that name
  /// is taken), by a hard link and an unlink, so no earlier copy is ever overwritten and the bytes are
  /// never copied or changed. Returns the new name.
  func moveAside(now: Date, problem: StateFileReader.Problem) throws(StateFileError) -> String {
    let base = filePath + ".unreadable-" + Self.compactUTCTimestamp(now)
    var candidate = base
    var attempt = 1
    while true {
      if link(filePath, candidate) == 0 {
        unlink(filePath)
        try? AtomicFileWriter.syncDirectory(containing: filePath)
        return candidate
      }
      guard errno == EEXIST, attempt < 1000 else {
        throw .cannotMoveAside(
          path: path,
          reason: "it \(problem.description), and " + SystemCallFailure("link to \(candidate)").reason)
      }
      attempt += 1
      candidate = base + "-\(attempt)"
    }
  }

  /// `20261130T041000Z`, for names of moved-aside files.
  static func compactUTCTimestamp(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
  }
}
