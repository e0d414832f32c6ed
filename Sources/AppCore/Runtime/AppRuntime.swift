import Dispatch
import Foundation
import Reactive
import Shop

/// The app's loop: it holds the one ``AppState``, feeds every event through
/// ``AppState/update(_:at:engine:)`` and performs the effects it returns: a save, the clock ticks that
/// animate the timeline, an announcement, the way out. It redraws at most once per turn of its
/// scheduler (the main queue in the app, a `TestScheduler` in tests).
///
/// It reads the clock for `update` (the time each event happens) and for order dates; nothing in the
/// core reads it elsewhere. Use it on the scheduler's thread only.
public final class AppRuntime {
  /// The one copy of the app state.
  public private(set) var state: AppState
  /// The store, the badge and their subscriptions.
  public let engine: ShopEngine

  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let startTime: DispatchQueue.SchedulerTimeType
  private let saver: (any StateSaving)?
  private let listWork: any ListWorkRunner
  private let listEvents: ListEventRelay
  private var search: SearchCancellation?
  private weak var shell: (any AppShell)?
  private var ticks: (any Cancellable)?
  private var redrawScheduled = false
  private var hasExited = false
  /// How many events have gone through `update`, for tests of the loop itself.
  private(set) var updateCount = 0

  /// A runtime for `state` on `scheduler`, whose time starts now. `clock` stamps orders; `saver` keeps
  /// the shop between runs; `shell` draws and ends the app; `listWork` runs the item list's long
  /// searches and builds, whose answers come back on `scheduler`.
  public init(
    state: AppState, scheduler: AnySchedulerOf<DispatchQueue>, clock: @escaping () -> Date,
    saver: (any StateSaving)?, shell: any AppShell, listWork: any ListWorkRunner = BackgroundListWorkRunner()
  ) {
    self.state = state
    self.scheduler = scheduler
    self.saver = saver
    self.shell = shell
    self.listWork = listWork
    listEvents = ListEventRelay(scheduler: scheduler)
    startTime = scheduler.now
    let relay = EventRelay()
    engine = ShopEngine(
      catalog: state.catalog, mode: state.mode, quantity: state.basketQuantity, debounce: state.debounce,
      scheduler: scheduler, clock: clock, eventsWaiting: { relay.runtime?.handOverEngineEvents() })
    relay.runtime = self
    listEvents.runtime = self
  }

  /// Milliseconds since the runtime started, on its scheduler's clock.
  public var elapsedMilliseconds: Int {
    Int(startTime.distance(to: scheduler.now).magnitude / 1_000_000)
  }

  /// Draws the first frame.
  public func start() {
    requestRedraw()
  }

  /// Handles `event` now: events the engine queued before it first, so that every event meets the
  /// state as it was when it happened.
  public func send(_ event: AppEvent) {
    handOverEngineEvents()
    handle(event)
  }

  /// The final save, for a way out the runtime does not choose (a signal): returns the message to show
  /// if it failed.
  public func finalSave() -> String? {
    do {
      try saver?.flush()
      return nil
    } catch {
      return UntrustedText.escaped(error.description)
    }
  }

  private func handOverEngineEvents() {
    for event in engine.takeEvents() { handle(event) }
  }

  private func handle(_ event: AppEvent) {
    guard !hasExited else { return }
    updateCount += 1
    let effects = state.update(event, at: elapsedMilliseconds, engine: engine)
    for effect in effects { perform(effect) }
    requestRedraw()
  }

  private func perform(_ effect: AppEffect) {
    switch effect {
    case .save(let shop):
      saver?.save(shop)
    case .startTicking:
      ticks = scheduler.schedule(
        after: scheduler.now.advanced(by: .milliseconds(100)), interval: .milliseconds(100),
        tolerance: .milliseconds(10)
      ) { [weak self] in self?.send(.tick) }
    case .stopTicking:
      ticks?.cancel()
      ticks = nil
    case .repaint:
      shell?.invalidate()
    case .announce(let event):
      shell?.announce(event)
    case .startListWork(let work):
      let cancellation = SearchCancellation()
      if work.isSearch {
        search?.cancel()
        search = cancellation
      }
      let events = listEvents
      listWork.run {
        if let event = work.run(isCancelled: { cancellation.isCancelled }) { events.deliver(event) }
      }
    case .cancelSearch:
      search?.cancel()
      search = nil
    case .quit:
      hasExited = true
      ticks?.cancel()
      ticks = nil
      let message = finalSave()
      shell?.exit(status: message == nil ? 0 : 1, message: message)
    }
  }

  private func requestRedraw() {
    guard !redrawScheduled, !hasExited, shell?.hasScreen == true else { return }
    redrawScheduled = true
    scheduler.schedule { [weak self] in
      guard let self else { return }
      redrawScheduled = false
      guard !hasExited else { return }
      shell?.draw(Screen.render(state))
    }
  }
}

/// Lets the engine reach the runtime that owns it, without a cycle; set once, in the runtime's init.
private final class EventRelay {
  weak var runtime: AppRuntime?
}
