import Dispatch
import Foundation
import Reactive
import Shop

/// The running shop, shared by the terminal app and the script runner: the catalog, the basket and
/// orders, the quantity store of the current mode, and the badge that follows it through a debounce.
///
/// It lives on one thread (the main queue in the app; the script's thread otherwise). Every change of
/// the basket goes through ``perform(_:)``, which calls the use cases; the store publishes the quantity,
/// and the session reports each published value (`sent`) and each value that reaches the badge
/// (`badge`) to ``onEvent`` and to the ``timeline``.
final class ShopSession {
  /// What the shop sells.
  let catalog: Catalog
  /// The basket and the order history.
  private(set) var shop: ShopState
  /// The store mode in use.
  private(set) var mode: QuantityStoreMode
  /// The debounce interval in use.
  private(set) var debounce: DebounceInterval
  /// The quantity store of the current mode.
  private(set) var store: any QuantityStore
  /// The debounced badge.
  let badge: BadgeViewModel
  /// The latest quantity the store published, while the badge has not caught up with it.
  private(set) var pending: (value: Int, since: Int)?
  /// The recent events.
  private(set) var timeline = Timeline()
  /// Called with every event, after the session's own state reflects it.
  var onEvent: ((TimedEvent) -> Void)?

  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let start: DispatchQueue.SchedulerTimeType
  private let clock: () -> Date
  private let saveState: (ShopState) -> Void
  private var sentSubscription: AnyCancellable?
  private var badgeSubscription: AnyCancellable?

  /// Starts a session on `shop`, with a store of `mode` holding the basket's quantity and a badge
  /// showing it, settled. `clock` stamps orders; `saveState` is called after each change.
  init(
    catalog: Catalog, shop: ShopState, mode: QuantityStoreMode, debounce: DebounceInterval,
    scheduler: AnySchedulerOf<DispatchQueue>, clock: @escaping () -> Date = Date.init,
    saveState: @escaping (ShopState) -> Void = { _ in }
  ) {
    self.catalog = catalog
    self.shop = shop
    self.mode = mode
    self.debounce = debounce
    self.scheduler = scheduler
    self.clock = clock
    self.saveState = saveState
    start = scheduler.now
    store = mode.makeStore(carrying: shop.basket)
    badge = BadgeViewModel(count: store.quantity)
    bind()
  }

  /// Milliseconds since the session started, on its scheduler's clock.
  var elapsedMilliseconds: Int {
    start.distance(to: scheduler.now).magnitude / 1_000_000
  }

  /// The basket quantity without bags: what the badge shows once it has settled, in a controlled store.
  var basketQuantity: Int { shop.basket.badgeQuantity }

  /// How far the settled badge is from the basket (badge minus basket), or `nil` while a change is
  /// pending or when they agree.
  var disagreement: Int? {
    guard pending == nil, badge.count != basketQuantity else { return nil }
    return badge.count - basketQuantity
  }

  /// Basket items the catalog no longer has: kept, shown as unavailable.
  var unavailableItems: [ShoppingItem] { catalog.unavailableItems(in: shop.basket.lines) }

  /// Carries out `command`; returns a line for the status bar, or throws one explaining the refusal.
  ///
  /// The use cases change a copy of the shop, which replaces `shop` once they succeed: the store
  /// publishes while they run, and a subscriber may read `shop` then. (The badge itself only ever
  /// changes on the scheduler, never inside a send.)
  @discardableResult
  func perform(_ command: ShopCommand) throws(ShopCommandError) -> String {
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
    if updated != shop {
      shop = updated
      saveState(shop)
    }
    return message
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
    case .checkout:
      let order = try shopping.checkout(&shop, at: clock(), from: catalog)
      let count = ItemCalculator.totalQuantity(of: order.items)
      let total = Money.format(ItemCalculator.subtotal(of: order.items), currency: catalog.currency)
      return "checked out \(count) item\(count == 1 ? "" : "s"), \(total)"
    case .mode(let newMode):
      switchMode(to: newMode)
      return "\(newMode.rawValue) store: \(newMode.summary)"
    case .debounce(let interval):
      debounce = interval
      bind()
      return "debounce \(interval), from the next change"
    }
  }

  /// Replaces the store with one of `newMode`, carrying the basket over.
  private func switchMode(to newMode: QuantityStoreMode) {
    mode = newMode
    store = newMode.makeStore(carrying: shop.basket)
    bind()
  }

  /// Subscribes to the store: first the raw stream (each published value is `sent`), then the badge's
  /// debounced one, so that with no debounce the badge update follows the `sent` it answers. The
  /// current value goes through the debounce again only if the badge is behind it.
  private func bind() {
    sentSubscription = nil
    badgeSubscription = nil
    let behind = badge.count != store.quantity
    if behind {
      pending = (store.quantity, elapsedMilliseconds)
    } else {
      pending = nil
    }
    sentSubscription = store.quantityPublisher.dropFirst().sink { [weak self] value in
      guard let self else { return }
      pending = (value, elapsedMilliseconds)
      record(.sent(value))
    }
    badge.bind(to: store.quantityPublisher, interval: debounce, scheduler: scheduler, replayCurrent: behind)
    badgeSubscription = badge.$count.dropFirst().sink { [weak self] value in
      // `@Published` emits before it stores: read the value from the stream, not the property.
      self?.badgeDidChange(to: value)
    }
  }

  private func badgeDidChange(to value: Int) {
    pending = nil
    record(.badge(value))
    compareWithBasket(value)
  }

  /// Notes a settled badge that disagrees with the basket.
  private func compareWithBasket(_ value: Int) {
    guard pending == nil, value != basketQuantity else { return }
    let difference = value - basketQuantity
    let sign = difference > 0 ? "+" : ""
    record(.note("badge \(value) but basket holds \(basketQuantity) (\(sign)\(difference))"))
  }

  private func record(_ event: SessionEvent) {
    let timed = TimedEvent(milliseconds: elapsedMilliseconds, event: event)
    timeline.record(event, at: timed.milliseconds)
    onEvent?(timed)
  }
}

/// Why a command was refused: one line for the status bar or the script's standard error.
enum ShopCommandError: Error, Equatable, CustomStringConvertible {
  /// The catalog has no item with this id.
  case unknownItem(String)
  /// The domain refused.
  case refused(String)

  var description: String {
    switch self {
    case .unknownItem(let id): "no item '\(id)' in the catalog"
    case .refused(let reason): reason
    }
  }
}
