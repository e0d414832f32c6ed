import Shop

/// What `update` asks the shell to do; `update` itself never does any of it. The runtime hands the
/// reactive side's effects (a write, a store switch, a debounce change, a lane change) to the pipeline,
/// with ``QuantityPipeline/perform(_:in:)``, and performs the rest itself.
public enum AppEffect: Equatable, Sendable {
  /// Write the quantity store of the current mode: what a shop command changed, already validated
  /// against the store (the basket store is given the basket the command left).
  case write(QuantityWrite)
  /// Replace the store with one of this mode carrying the basket; with `replay`, the new store's value
  /// goes through the debounce (the badge is behind it).
  case useStore(QuantityStoreMode, replay: Bool)
  /// Debounce the badge by this interval from now on; with `replay`, the store's value goes through
  /// the new debounce.
  case setDebounce(DebounceInterval, replay: Bool)
  /// Feed one lane per stage of this pipeline from the store's values (`nil`: no lanes), tagged with
  /// `generation`.
  case showLanes(LabPipeline?, generation: Int)
  /// Keep the basket and orders in the state file (in the background).
  case save(ShopState)
  /// Keep them in the state file now, durably, before anything else is shown: after a checkout.
  case saveDurably(ShopState)
  /// Paint the whole screen again, whatever the terminal shows now (Ctrl-L).
  case repaint
  /// Run the app's clock at this pace against the real one; 0 stops it.
  case setPace(Double)
  /// Send ``AppEvent/tick`` every 100 ms: the timeline is moving.
  case startTicking
  /// Stop the ticks: nothing on the timeline moves.
  case stopTicking
  /// Tell the outside world: script mode prints it as `T EVENT VALUE`.
  case announce(TimedEvent)
  /// End the app.
  case quit
  /// Run the item list's `work` off the main queue and hand back the event it returns; a search
  /// cancels the one before it.
  case startListWork(ListWork)
  /// Cancel the item list's search in flight, if any: its answer is no longer wanted.
  case cancelSearch
}
