import Dispatch
import Foundation
import Reactive
import Shop

/// The reactive half of the app, named for what flows through it: the quantity, from the store of the
/// current mode through a debounce on the app's scheduler to the badge view model (and, beside it,
/// through the comparison lanes' stages). It is the one place where their publishers are subscribed.
///
/// - Who owns what: the store owns the quantity (the basket store, only the count of the basket it was
///   last given, never a copy of the basket); the ``BadgeViewModel`` owns the debounced count; the
///   pipeline owns only the store of the current mode and the subscriptions. The basket is the app
///   state's alone.
/// - Who may write: only the runtime, handing it the effects ``AppState/update(_:at:date:)`` returns,
///   through ``perform(_:in:)``: a write the domain's use cases made and validated, a store switch, a
///   debounce change, a lane change. `update` itself never calls the pipeline.
/// - Who reads: the app learns what the store published and what reached the badge as events
///   (``AppEvent/storePublished(_:)``, ``AppEvent/badgeReached(_:caughtUp:)``). Each value is queued the moment
///   it is published, in the order things happen, and handed over on the app's scheduler; nothing is
///   called back from inside a send.
public final class QuantityPipeline {
  /// What the shop sells.
  public let catalog: Catalog
  /// The quantity store of the current mode.
  public private(set) var store: any QuantityStore
  /// The debounced badge, as in the article's view model.
  public let badge: BadgeViewModel

  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let eventsWaiting: () -> Void
  private var waiting: [AppEvent] = []
  private var handOverScheduled = false
  private var storeSubscription: AnyCancellable?
  private var badgeSubscription: AnyCancellable?
  private var laneSubscriptions: [AnyCancellable] = []
  /// The pipeline the lanes show, and the generation its values are tagged with.
  private var lanes: (pipeline: LabPipeline, generation: Int)?

  /// An pipeline with a store of `mode` carrying `basket`, and a badge settled on it that debounces by
  /// `debounce` on `scheduler`. `eventsWaiting` is called on the scheduler when
  /// events are queued; the runtime then takes them with ``takeEvents()``.
  public init(
    catalog: Catalog, mode: QuantityStoreMode, basket: Basket, debounce: DebounceInterval,
    scheduler: AnySchedulerOf<DispatchQueue>, eventsWaiting: @escaping () -> Void
  ) {
    self.catalog = catalog
    self.scheduler = scheduler
    self.eventsWaiting = eventsWaiting
    store = mode.makeStore(carrying: basket)
    badge = BadgeViewModel(count: store.quantity)
    // `@Published` emits before it stores: the value comes from the stream, not the property.
    badgeSubscription = badge.$count.dropFirst().sink { [weak self, weak badge] value in
      self?.enqueue(.badgeReached(value, caughtUp: badge?.isCaughtUp ?? true))
    }
    follow(debounce: debounce, replay: false)
  }

  /// The events queued since the last call, oldest first.
  public func takeEvents() -> [AppEvent] {
    defer { waiting.removeAll(keepingCapacity: true) }
    return waiting
  }

  /// Performs the reactive side's part of `effect` for the app in `state`, the state the update that
  /// returned it left: a write of the store (the basket store follows `state`'s basket), a store switch
  /// carrying that basket, a debounce change, a lane change. Any other effect is not the pipeline's and
  /// is ignored.
  public func perform(_ effect: AppEffect, in state: AppState) {
    switch effect {
    case .write(let write):
      do {
        try store.perform(write, basket: state.shop.basket)
      } catch {
        // The use cases validated the write against the count this store holds; only a store
        // written from elsewhere refuses it, and then it changes nothing.
        assertionFailure("the store refused a validated write: \(error)")
      }
    case .useStore(let mode, let replay):
      useStore(mode, basket: state.shop.basket, replay: replay, debounce: state.debounce)
    case .setDebounce(let interval, let replay):
      setDebounce(interval, replay: replay)
    case .showLanes(let pipeline, let generation):
      showLanes(pipeline, generation: generation)
    case .save, .saveDurably, .repaint, .setPace, .startTicking, .stopTicking, .announce, .quit,
      .startListWork, .cancelSearch:
      break
    }
  }

  /// Replaces the store with one of `mode` carrying `basket`. With `replay`, the new store's value
  /// counts as published (it differs from what the badge shows) and goes through the debounce.
  public func useStore(_ mode: QuantityStoreMode, basket: Basket, replay: Bool, debounce: DebounceInterval) {
    store = mode.makeStore(carrying: basket)
    if replay { enqueue(.storePublished(store.quantity)) }
    follow(debounce: debounce, replay: replay)
    if let lanes { showLanes(lanes.pipeline, generation: lanes.generation) }
  }

  /// Debounces from now on by `interval`; with `replay`, the store's current value goes through the
  /// new debounce (the badge is behind it). The lanes keep their own intervals.
  public func setDebounce(_ interval: DebounceInterval, replay: Bool) {
    follow(debounce: interval, replay: replay)
  }

  /// Feeds one lane per stage of `pipeline` from the values the store publishes from now on, each
  /// through the real operators of the stages up to it on the app's scheduler, or stops the lanes
  /// with `nil`. What the lanes produce comes back as ``AppEvent/laneEmitted(_:)`` tagged with
  /// `generation`, so that a value of an earlier pipeline still on its way can be told apart.
  public func showLanes(_ pipeline: LabPipeline?, generation: Int) {
    laneSubscriptions = []
    lanes = pipeline.map { ($0, generation) }
    guard let pipeline else { return }
    let values = store.quantityPublisher.dropFirst().eraseToAnyPublisher()
    laneSubscriptions = pipeline.lanes(from: values, scheduler: scheduler).enumerated().map { stage, lane in
      lane.sink(
        receiveCompletion: { [weak self] _ in
          self?.enqueue(.laneEmitted(LaneEmission(generation: generation, stage: stage, output: .finished)))
        },
        receiveValue: { [weak self] value in
          self?.enqueue(
            .laneEmitted(LaneEmission(generation: generation, stage: stage, output: .value(value))))
        })
    }
  }

  /// Subscribes to the store: first the raw stream (each value the store publishes), then the badge's
  /// debounced one, so that with no debounce the badge's value follows the value it answers.
  private func follow(debounce: DebounceInterval, replay: Bool) {
    storeSubscription = nil
    storeSubscription = store.quantityPublisher.dropFirst().sink { [weak self] value in
      self?.enqueue(.storePublished(value))
    }
    badge.bind(to: store.quantityPublisher, interval: debounce, scheduler: scheduler, replayCurrent: replay)
  }

  /// Queues `event` and, once per batch, asks the scheduler to hand the queue over.
  private func enqueue(_ event: AppEvent) {
    waiting.append(event)
    guard !handOverScheduled else { return }
    handOverScheduled = true
    scheduler.schedule { [weak self] in
      guard let self else { return }
      handOverScheduled = false
      eventsWaiting()
    }
  }
}
