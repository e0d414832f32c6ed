import Shop

/// Where the basket and orders are kept between runs: the state file, or nothing.
public protocol StateSaving: AnyObject {
  /// Schedules `state` to be written and returns at once; `onResult` learns the outcome, on any thread.
  func save(_ state: ShopState, onResult: StateStore.SaveCompletion?)
  /// Writes `state` and returns once it is on disk, or throws why it is not.
  func saveNow(_ state: ShopState) throws(StateFileError)
  /// Waits until every saved snapshot is written; throws the last failure.
  func flush() throws(StateFileError)
  /// Lets the file go at the end of the run (the lock file removed); nothing is saved after.
  func close()
}

extension StateStore: StateSaving {}
