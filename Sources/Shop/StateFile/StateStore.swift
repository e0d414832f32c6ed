import Dispatch
import Foundation
import Reactive

/// Keeps the basket and order history in the state file, one process at a time.
///
/// Creating a store takes the file's lock for the store's lifetime; a second store on the same path,
/// in this process or another, is refused. A symbolic link at the path is followed: the file it points
/// to is read and replaced (atomically, in its own directory), and the link stays a link.
///
/// `save` never blocks: the latest snapshot is written in the background, atomically (temporary file,
/// fsync, rename, fsync of the directory), and older unwritten snapshots are skipped; its completion,
/// if given, is told on the store's queue how the write went. `saveNow` writes one snapshot at once
/// and returns only when it is on disk. `flush` waits for the background writes. A failed write never
/// touches the last good file.
public final class StateStore: Sendable {
  /// Largest state file read, in bytes: 64 MiB, far more than 100 orders of full baskets take. A larger
  /// file is moved aside unread, and a save that would write a larger one is refused (the last good
  /// file stays), so that the app never writes a file its next start would refuse.
  public static let maximumFileSize = 64 << 20

  /// Told how a background write went: success, or the error naming the path and the reason.
  public typealias SaveCompletion = @Sendable (Result<Void, StateFileError>) -> Void

  /// The state file's path, as given.
  public let path: String
  /// The largest file this store reads or writes: ``maximumFileSize`` but in tests.
  let maximumSize: Int
  /// The file the path names once symbolic links are followed: the one read, written and locked.
  let filePath: String
  private let lock: StateFileLock
  /// Where background writes run and their completions are called.
  let queue = DispatchQueue(label: "shop.state-file")
  private let pending = Locked(PendingStateWrites())

  /// Takes the state file at `path`, creating its directory; throws `.inUse` when someone holds it,
  /// `.locationUnusable` when its directory cannot be created, `.cannotPrepare` when the lock file
  /// cannot be made (a read-only directory, for one).
  public convenience init(path: String) throws(StateFileError) {
    try self.init(path: path, maximumSize: Self.maximumFileSize)
  }

  /// A store whose lock is taken with `beforeLocking` run between opening the lock file and locking
  /// it (see `StateFileLock`).
  convenience init(path: String, beforeLocking: () -> Void) throws(StateFileError) {
    try self.init(path: path, maximumSize: Self.maximumFileSize, beforeLocking: beforeLocking)
  }

  /// A store that reads and writes files of at most `maximumSize` bytes.
  init(path: String, maximumSize: Int, beforeLocking: () -> Void = {}) throws(StateFileError) {
    self.path = path
    self.maximumSize = maximumSize
    do {
      try StateFileDirectory.create(AtomicFileWriter.directoryName(of: path))
    } catch {
      throw .locationUnusable(path: path, reason: error.reason)
    }
    do {
      filePath = try StateFilePath.resolve(path)
    } catch {
      throw .cannotPrepare(path: path, reason: error.reason)
    }
    lock = try StateFileLock(statePath: filePath, reportedPath: path, beforeLocking: beforeLocking)
    removeLeftoverTemporaryFiles()
  }

  /// Reads the saved state; a file whose content is unusable (not JSON, another shape, a newer
  /// version, too large) is moved aside, named after `now`, and reported. Throws `.unreadable` when
  /// the file cannot be read at all and `.cannotMoveAside` when it cannot be moved; the file's bytes are
  /// never touched either way.
  public func load(now: Date) throws(StateFileError) -> StateLoadResult {
    let problem: StateFileReader.Problem
    do {
      let file = try RegularFile(path: filePath, maximumSize: maximumSize)
      switch try StateFileReader.read(file: file) {
      case .success(let state): return StateLoadResult(state: state, notice: nil, movedAsidePath: nil)
      case .failure(let found): problem = found
      }
    } catch {
      switch error {
      case .system(ENOENT): return StateLoadResult(state: ShopState(), notice: nil, movedAsidePath: nil)
      case .tooLarge(let size, let limit): problem = .tooLarge(size: size, limit: limit)
      default: throw .unreadable(path: path, reason: error.reason)
      }
    }
    let asidePath = try moveAside(now: now, problem: problem)
    let notice =
      "state file \(path) \(problem.description); moved it aside to \(asidePath) and started with an empty basket"
    return StateLoadResult(state: ShopState(), notice: notice, movedAsidePath: asidePath)
  }

  /// Schedules `state` to be written; returns at once. Only the latest unwritten snapshot is kept.
  public func save(_ state: ShopState) {
    save(state, onResult: nil)
  }

  /// Schedules `state` to be written and returns at once; `onResult` is called on the store's queue
  /// with the outcome of the write that stored it (or a newer snapshot that took its place): success,
  /// or a `StateFileError` naming the path and the system's reason. The last good file stays when a
  /// write fails, so a caller can show the error and simply save again on the next change.
  public func save(_ state: ShopState, onResult: SaveCompletion?) {
    if pending.withLock({ $0.save(state, completion: onResult) }) {
      // Weakly: a write scheduled here must not keep the store, and so its lock, alive after its
      // owner lets go (a store opened again on the same path was refused as in use until the queue
      // had let go of the block); what is still pending then is written by deinit.
      queue.async { [weak self] in self?.writeUntilNothingPending() }
    }
  }

  /// Writes what is still pending. No write of the queue's can be under way here: each holds the
  /// store while it runs.
  deinit {
    writeUntilNothingPending()
  }

  /// Writes `state` now and returns once it is on disk (file and directory fsynced): for a checkout,
  /// which the app reports only after this returns. Waits for any background write first; snapshots
  /// saved before this call are not written after it.
  public func saveNow(_ state: ShopState) throws(StateFileError) {
    let result = queue.sync { () -> Result<Void, StateFileError> in
      let write = pending.withLock { $0.immediateWrite(of: state) }
      return perform(write)
    }
    try result.get()
  }

  /// Ends the run's use of the file, once what was saved is written: the lock file is removed and the
  /// lock let go, so that nothing is left beside the state file. Saves after this fail.
  public func close() {
    queue.sync {}
    lock.release()
  }

  /// Waits until every saved snapshot is on disk; throws if the last write failed (once).
  public func flush() throws(StateFileError) {
    queue.sync {}
    if let failure = pending.withLock({ $0.takeLastFailure() }) { throw failure }
  }

  private func writeUntilNothingPending() {
    while let write = pending.withLock({ $0.nextWrite() }) {
      _ = perform(write)
    }
  }

  /// Writes a snapshot on the store's queue, records the outcome and tells whoever waits for it.
  private func perform(_ write: PendingStateWrites.Write) -> Result<Void, StateFileError> {
    guard pending.withLock({ $0.shouldPerform(write) }) else {
      for completion in write.completions { completion(.success(())) }
      return .success(())
    }
    let result: Result<Void, StateFileError>
    do {
      let bytes = try StateFileDocument(write.state).encoded()
      guard bytes.count <= maximumSize else {
        throw SystemCallFailure(
          description: "the basket and orders take \(bytes.count) bytes, more than the \(maximumSize)"
            + " (\(ByteCount.text(maximumSize))) the next start would read; the last good file is kept")
      }
      try lock.check()
      try AtomicFileWriter.write(bytes, to: filePath)
      result = .success(())
    } catch let failure as SystemCallFailure {
      result = .failure(.writeFailed(path: path, reason: failure.reason))
    } catch {
      result = .failure(.writeFailed(path: path, reason: "\(error)"))
    }
    pending.withLock { $0.finished(write, with: result) }
    for completion in write.completions { completion(result) }
    return result
  }

  private func removeLeftoverTemporaryFiles() {
    // Names in the directory are compared with the file's own name: a path with no directory in it
    // (`state.json`, listed from ".") or in "/" must match as well as any other.
    let directory = AtomicFileWriter.directoryName(of: filePath)
    let prefix = AtomicFileWriter.temporaryPrefix(for: String(filePath.split(separator: "/").last ?? ""))
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names where name.hasPrefix(prefix) {
      unlink(directory + "/" + name)
    }
  }
}
