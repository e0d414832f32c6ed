import Dispatch
import Foundation
import Reactive

/// Keeps the basket and order history in the state file, one process at a time.
///
/// Creating a store takes the file's lock for the store's lifetime; a second store on the same path,
/// in this process or another, is refused. `save` never blocks: the latest snapshot is written in the
/// background, atomically, and older unwritten snapshots are skipped. `flush` waits until the last
/// snapshot is on disk.
public final class StateStore: Sendable {
  private struct PendingWrites {
    var latest: ShopState?
    var isWriting = false
    var lastFailure: StateFileError?
  }

  /// Largest state file read, in bytes: 64 MiB, far more than 100 orders of full baskets take.
  public static let maximumFileSize = 64 << 20

  /// The state file's path.
  public let path: String
  private let lock: StateFileLock
  private let queue = DispatchQueue(label: "shop.state-file")
  private let pending = Locked(PendingWrites())

  /// Takes the state file at `path`, creating its directory; throws `.inUse` when someone holds it.
  public init(path: String) throws(StateFileError) {
    self.path = path
    let directory = AtomicFileWriter.directoryName(of: path)
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotPrepare(path: path, reason: "cannot create directory \(directory)")
    }
    lock = try StateFileLock(statePath: path)
    removeLeftoverTemporaryFiles()
  }

  /// Reads the saved state; an unreadable file is moved aside (named after `now`) and reported.
  public func load(now: Date) throws(StateFileError) -> StateLoadResult {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path: path, maximumSize: Self.maximumFileSize)
    } catch {
      if error.isMissing {
        return StateLoadResult(state: ShopState(), notice: nil, movedAsidePath: nil)
      }
      throw .unreadable(path: path, reason: error.reason)
    }
    switch StateFileReader.read(bytes) {
    case .success(let state):
      return StateLoadResult(state: state, notice: nil, movedAsidePath: nil)
    case .failure(let problem):
      let asidePath = try moveAside(now: now)
      let notice =
        "state file \(path) \(problem.description); moved it aside to \(asidePath)"
        + " and started with an empty basket"
      return StateLoadResult(state: ShopState(), notice: notice, movedAsidePath: asidePath)
    }
  }

  /// Schedules `state` to be written; returns at once. Only the latest unwritten snapshot is kept.
  public func save(_ state: ShopState) {
    let startWriter = pending.withLock { pending in
      pending.latest = state
      defer { pending.isWriting = true }
      return !pending.isWriting
    }
    if startWriter {
      queue.async { self.writeUntilNothingPending() }
    }
  }

  /// Waits until every saved snapshot is on disk; throws the last write failure since the last flush.
  public func flush() throws(StateFileError) {
    queue.sync {}
    if let failure = pending.withLock({ pending in
      defer { pending.lastFailure = nil }
      return pending.lastFailure
    }) {
      throw failure
    }
  }

  private func writeUntilNothingPending() {
    while let state = pending.withLock({ pending in
      defer { pending.latest = nil }
      if pending.latest == nil { pending.isWriting = false }
      return pending.latest
    }) {
      do {
        let bytes = try StateFileDocument(state).encoded()
        try AtomicFileWriter.write(bytes, to: path)
      } catch let failure as SystemCallFailure {
        pending.withLock { $0.lastFailure = .writeFailed(path: path, reason: failure.reason) }
      } catch {
        pending.withLock { $0.lastFailure = .writeFailed(path: path, reason: "\(error)") }
      }
    }
  }

  private func moveAside(now: Date) throws(StateFileError) -> String {
    let base = path + ".unreadable-" + Self.compactUTCTimestamp(now)
    var candidate = base
    var attempt = 1
    while true {
      // link refuses an existing target, so no earlier copy is ever overwritten.
      if link(path, candidate) == 0 {
        unlink(path)
        try? AtomicFileWriter.syncDirectory(containing: path)
        return candidate
      }
      guard errno == EEXIST, attempt < 1000 else {
        throw .cannotMoveAside(path: path, reason: SystemCallFailure("link to \(candidate)").reason)
      }
      attempt += 1
      candidate = base + "-\(attempt)"
    }
  }

  private func removeLeftoverTemporaryFiles() {
    let prefix = AtomicFileWriter.temporaryPrefix(for: path)
    let directory = AtomicFileWriter.directoryName(of: path)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names where (directory + "/" + name).hasPrefix(prefix) {
      unlink(directory + "/" + name)
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
