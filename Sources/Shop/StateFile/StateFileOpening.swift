import Foundation

/// What opening the state file gave: a store and what it held, or a reason to run without one.
public enum StateFileOpening: Sendable {
  /// The store, holding the file's lock, and the state it read (with a notice if a file was moved
  /// aside).
  case opened(StateStore, StateLoadResult)
  /// The file is there but cannot be used, and was left exactly as it was: the app runs without a
  /// state file and shows `notice` (one line) until it quits.
  case unusable(notice: String)
}

extension StateStore {
  /// Opens and reads the state file at `path`: the one call an app needs at start.
  ///
  /// Throws, so that the run stops, when the file is in use by another shop (`.inUse`) or its directory
  /// cannot be created (`.locationUnusable`). Returns `.unusable` when the file cannot be read, cannot
  /// be moved aside, or its lock file cannot be made (a read-only directory or file system): running
  /// without it loses nothing, since the file is never touched. Unusable content is moved aside and
  /// reported in the result's notice, as `load(now:)` does.
  public static func open(path: String, now: Date) throws(StateFileError) -> StateFileOpening {
    let store: StateStore
    do {
      store = try StateStore(path: path)
    } catch {
      guard case .cannotPrepare = error else { throw error }
      return .unusable(notice: withoutStateNotice(error))
    }
    do {
      return .opened(store, try store.load(now: now))
    } catch {
      return .unusable(notice: withoutStateNotice(error))
    }
  }

  private static func withoutStateNotice(_ error: StateFileError) -> String {
    "\(error); running without a state file, so nothing will be saved"
  }
}
