import Dispatch
import Foundation
import Reactive
import Shop

/// The app's loop: it holds the one ``AppState``, feeds every event through
/// ``AppState/update(_:at:date:)`` and performs the effects it returns: a save, the clock ticks that
/// animate the timeline, an announcement, the way out; a write of the store, a store switch, a debounce
/// change or a lane change it hands to the pipeline. It redraws at most once per turn of its
/// scheduler (the main queue in the app, a `TestScheduler` in tests).
///
/// It reads the clock for `update` (the time each event happens) and for order dates; nothing in the
/// core reads it elsewhere. Use it on the scheduler's thread only.
public final class AppRuntime {
  /// The one copy of the app state.
  public private(set) var state: AppState
  /// The store, the badge and their subscriptions.
  public let pipeline: QuantityPipeline

  /// The app's clock and queue: what debounces the badge, ticks the timeline and times a played script.
  public let scheduler: AnySchedulerOf<DispatchQueue>
  private let startTime: DispatchQueue.SchedulerTimeType
  private let clock: () -> Date
  private let saver: (any StateSaving)?
  private let setPace: ((Double) -> Void)?
  private let listWork: any ListWorkRunner
  private let listEvents: ListEventRelay
  private var search: SearchCancellation?
  private weak var shell: (any AppShell)?
  private var ticks: (any Cancellable)?
  private var redrawScheduled = false
  private var hasExited = false
  private let saveOutcomes: SaveOutcomes
  /// How many saves have been asked for.
  private var saveRequests = 0
  /// Events the effects of the event being handled gave rise to, handled right after it.
  private var followUps: [AppEvent] = []
  /// How many events have gone through `update`, for tests of the loop itself.
  private(set) var updateCount = 0

  /// A runtime for `state` on `scheduler`, whose time starts now. `clock` stamps orders; `saver` keeps
  /// the shop between runs; `shell` draws and ends the app; `setPace` changes how fast the scheduler's
  /// clock runs (the terminal's paced clock's `setRate`), when it can; `listWork` runs the item list's long
  /// searches and builds, whose answers come back on `scheduler`.
  public init(
    state: AppState, scheduler: AnySchedulerOf<DispatchQueue>, clock: @escaping () -> Date,
    saver: (any StateSaving)?, shell: any AppShell, setPace: ((Double) -> Void)? = nil,
    listWork: any ListWorkRunner = BackgroundListWorkRunner()
  ) {
    self.state = state
    self.setPace = setPace
    self.scheduler = scheduler
    self.clock = clock
    self.saver = saver
    self.shell = shell
    self.listWork = listWork
    listEvents = ListEventRelay(scheduler: scheduler)
    startTime = scheduler.now
    let relay = EventRelay()
    saveOutcomes = SaveOutcomes(scheduler: scheduler) { relay.runtime?.handOverSaveOutcomes() }
    pipeline = QuantityPipeline(
      catalog: state.catalog, mode: state.mode, basket: state.shop.basket, debounce: state.debounce,
      scheduler: scheduler, eventsWaiting: { relay.runtime?.handOverPipelineEvents() })
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

  /// Handles `event` now: events the pipeline queued before it first, so that every event meets the
  /// state as it was when it happened.
  public func send(_ event: AppEvent) {
    handOverPipelineEvents()
    handle(event)
  }

  /// The final save, for a way out the runtime does not choose (a signal): returns the message to show
  /// if it failed.
  public func finalSave() -> String? {
    // Whatever the outcome, the run is over: the state file is let go and its lock file removed.
    defer { saver?.close() }
    do {
      try saver?.flush()
      return nil
    } catch {
      return UntrustedText.escaped(error.description)
    }
  }

  private func handOverPipelineEvents() {
    for event in pipeline.takeEvents() { handle(event) }
  }

  private func handle(_ event: AppEvent) {
    var queue = [event]
    while !queue.isEmpty, !hasExited {
      updateCount += 1
      let effects = state.update(queue.removeFirst(), at: elapsedMilliseconds, date: clock())
      for effect in effects { perform(effect) }
      queue += followUps
      followUps.removeAll()
    }
    requestRedraw()
  }

  private func handOverSaveOutcomes() {
    for (request, failure) in saveOutcomes.take() { send(.saveFinished(failure, request: request)) }
  }

  private func perform(_ effect: AppEffect) {
    switch effect {
    case .write, .useStore, .setDebounce, .showLanes:
      pipeline.perform(effect, in: state)
    case .save(let shop):
      guard let saver else { return }
      saveRequests += 1
      let request = saveRequests
      let outcomes = saveOutcomes
      saver.save(shop) { outcomes.report($0, request: request) }
    case .saveDurably(let shop):
      guard let saver else { return }
      saveRequests += 1
      do {
        try saver.saveNow(shop)
        followUps.append(.saveFinished(nil, request: saveRequests))
      } catch {
        followUps.append(.saveFinished(error, request: saveRequests))
      }
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
    case .setPace(let rate):
      setPace?(rate)
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

/// Lets the pipeline reach the runtime that owns it, without a cycle; set once, in the runtime's init.
private final class EventRelay {
  weak var runtime: AppRuntime?
}

/// The outcomes of background saves, reported on the state file's queue and handed to the runtime on
/// its scheduler, in order.
private final class SaveOutcomes: @unchecked Sendable {
  // @unchecked: `outcomes` is behind its lock; `scheduler` is only asked to schedule, which a dispatch
  // queue, a PacedScheduler and a TestScheduler all allow from any thread.
  private let outcomes = Locked<[(request: Int, failure: StateFileError?)]>([])
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let wake: () -> Void

  init(scheduler: AnySchedulerOf<DispatchQueue>, wake: @escaping () -> Void) {
    self.scheduler = scheduler
    self.wake = wake
  }

  /// Keeps the `result` of save number `request` and asks the scheduler to hand it over.
  func report(_ result: Result<Void, StateFileError>, request: Int) {
    let failure: StateFileError?
    switch result {
    case .success: failure = nil
    case .failure(let error): failure = error
    }
    let first = outcomes.withLock { outcomes in
      outcomes.append((request, failure))
      return outcomes.count == 1
    }
    if first { scheduler.schedule { [wake] in wake() } }
  }

  /// The outcomes so far, oldest first.
  func take() -> [(request: Int, failure: StateFileError?)] {
    outcomes.withLock { outcomes in
      defer { outcomes.removeAll() }
      return outcomes
    }
  }
}
