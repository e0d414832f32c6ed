import Dispatch
import Foundation
import Reactive
import Shop

/// The reactive half of the app: the quantity store of the current mode, the badge view model that
/// follows it through a debounce on the app's scheduler, and the one place where their publishers are
/// subscribed.
///
/// - Who owns what: the store owns the quantity; the ``BadgeViewModel`` owns the debounced count; the
///   engine owns only the store of the current mode and the two subscriptions. The basket is the app
///   state's, lent to ``perform(_:on:)`` for one command.
/// - Who may write: only ``AppState/update(_:at:engine:)``, through ``perform(_:on:)`` (the domain's
///   use cases), ``useStore(_:quantity:replay:)`` and ``setDebounce(_:replay:)``.
/// - Who reads: the app learns what the store published and what reached the badge as events
///   (``AppEvent/storePublished(_:)``, ``AppEvent/badgeReached(_:caughtUp:)``). Each value is queued the moment
///   it is published, in the order things happen, and handed over on the app's scheduler; nothing is
///   called back from inside a send.
public final class ShopEngine {
  /// What the shop sells.
  public let catalog: Catalog
  /// The quantity store of the current mode.
  public private(set) var store: any QuantityStore
  /// The debounced badge, as in the article's view model.
  public let badge: BadgeViewModel

  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let clock: () -> Date
  private let eventsWaiting: () -> Void
  private var waiting: [AppEvent] = []
  private var handOverScheduled = false
  private var storeSubscription: AnyCancellable?
  private var badgeSubscription: AnyCancellable?
  private var laneSubscriptions: [AnyCancellable] = []
  /// The pipeline the lanes show, and the generation its values are tagged with.
  private var lanes: (pipeline: LabPipeline, generation: Int)?

  /// An engine with a store of `mode` carrying `basket`, and a badge settled on it that debounces by
  /// `debounce` on `scheduler`. `clock` stamps orders. `eventsWaiting` is called on the scheduler when
  /// events are queued; the runtime then takes them with ``takeEvents()``.
  public init(
    catalog: Catalog, mode: QuantityStoreMode, basket: Basket, debounce: DebounceInterval,
    scheduler: AnySchedulerOf<DispatchQueue>, clock: @escaping () -> Date,
    eventsWaiting: @escaping () -> Void
  ) {
    self.catalog = catalog
    self.scheduler = scheduler
    self.clock = clock
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

  /// Carries out a shop command on `shop` through the use cases of the current store; returns a line
  /// for the status bar, or throws one explaining the refusal (then `shop` is unchanged).
  public func perform(_ command: ShopCommand, on shop: inout ShopState) throws(ShopCommandError) -> String {
    var updated = shop
    let message: String
    do {
      message = try apply(command, to: &updated)
    } catch let error as ShoppingError {
      throw .refused(error.description)
    } catch let error as ShopCommandError {
      throw error
    } catch {
      throw .refused("\(error)")
    }
    shop = updated
    return message
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

  private func apply(_ command: ShopCommand, to shop: inout ShopState) throws -> String {
    let shopping = ShoppingUseCase(store: store)
    switch command {
    case .add(let id, let quantity):
      guard let item = catalog.item(withID: id) else { throw ShopCommandError.unknownItem(id) }
      try shopping.buy(item.withQuantity(quantity), in: &shop)
      return quantity == 1 ? "added \(item.name)" : "added \(quantity) × \(item.name)"
    case .remove(let id, let quantity):
      let name = shop.basket.lines.first { $0.id == id }?.name ?? catalog.item(withID: id)?.name ?? id
      guard shop.basket.quantity(ofItemWithID: id) > 0 else {
        throw ShopCommandError.refused("cannot remove \(name): it is not in the basket")
      }
      try shopping.remove(itemWithID: id, quantity: quantity, in: &shop)
      return quantity == 1 ? "removed \(name)" : "removed \(quantity) × \(name)"
    case .bag:
      try shopping.addPaperBag(in: &shop)
      return "added a paper bag (free, not counted on the badge)"
    case .reorder:
      return try Reorder(store: store).reorderLastOrder(from: catalog, in: &shop).summary
        + " from the last order"
    case .reorderOrder(let index):
      guard shop.orders.indices.contains(index) else {
        throw ShopCommandError.refused("cannot reorder: there is no such order")
      }
      return try Reorder(store: store).reorder(shop.orders[index], from: catalog, in: &shop).summary
    case .undo(let earlier):
      try Undo(store: store).restore(earlier, from: &shop)
      return "undone"
    case .checkout:
      let order = try shopping.checkout(&shop, at: clock(), from: catalog)
      let count = ItemCalculator.totalQuantity(of: order.items)
      let total = Money.format(ItemCalculator.subtotal(of: order.items), currency: catalog.currency)
      return "checked out \(count) item\(count == 1 ? "" : "s"), \(total)"
    case .mode, .debounce, .compare, .lane:
      preconditionFailure("\(command) changes the app, not the shop: AppState.update handles it")
    }
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

/// Why a command was refused: one line for the status bar or the script's standard output.
public enum ShopCommandError: Error, Equatable, CustomStringConvertible {
  /// The catalog has no item with this id.
  case unknownItem(String)
  /// The domain refused.
  case refused(String)

  /// The line.
  public var description: String {
    switch self {
    case .unknownItem(let id): "no item \(UntrustedText.quoted(id)) in the catalog"
    case .refused(let reason): reason
    }
  }
}
