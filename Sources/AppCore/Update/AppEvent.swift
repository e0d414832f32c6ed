import Shop

/// Everything that can happen to the app, as the one input of ``AppState/update(_:at:date:)``.
public enum AppEvent: Equatable, Sendable {
  /// A key, a click or a new window size, from the terminal.
  case input(InputEvent)
  /// A change asked of the shop directly, as a script line does.
  case command(ShopCommand)
  /// A script line played in the terminal app (`--play`): shown as the keys it stands for, with the
  /// item it acts on selected, then carried out.
  case played(line: Int, ShopCommand)
  /// The played script has no lines left.
  case playbackFinished
  /// Save number `request` (counted from 1 in the order they were asked for) finished: `nil` when it
  /// is on disk, else why it is not. An outcome older than one already seen says nothing new.
  case saveFinished(StateFileError?, request: Int)
  /// The clock moved on while the timeline animates.
  case tick
  /// The quantity store published a value.
  case storePublished(Int)
  /// A lane's stage produced a value or finished.
  case laneEmitted(LaneEmission)
  /// A debounced value reached the badge; `caughtUp` says whether it answers every value the store
  /// published (false while a later one still waits for the badge).
  case badgeReached(Int, caughtUp: Bool)
  /// A background search for the filter text `query` found `matches` (catalog indices, ascending).
  case filterResult(query: String, matches: [Int32])
  /// The permutation of `order` is built: the list can be shown in it.
  case listOrderReady(ListOrder)
}
