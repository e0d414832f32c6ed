import Dispatch
import Reactive

/// The basket badge: the quantity the header shows as `Basket: N`, fed by a subscription to the
/// store's `quantityPublisher`, debounced on a scheduler (`DispatchQueue.main` in the app, a
/// `TestScheduler` in tests and on the script's virtual clock).
///
/// - Who owns the count: this view model; only its debounced subscription writes `count`.
/// - Who reads it: anyone, through `$count` or `objectWillChange`; the app's ``ShopEngine`` turns each
///   new value into an ``AppEvent/badgeReached(_:)``. The store owns the quantity it follows.
public final class BadgeViewModel: ObservableObject {
  /// The debounced quantity.
  @Published public private(set) var count: Int

  private var subscription: AnyCancellable?
  /// Counts binds, so that a value scheduled under an earlier bind is dropped like a pending debounce.
  private var generation = 0

  /// A badge showing `count` until it is bound.
  public init(count: Int) {
    self.count = count
  }

  /// Follows `publisher` through a debounce of `interval` on `scheduler` (a zero interval still goes
  /// through `scheduler`, without delay), replacing any earlier subscription. The publisher's current
  /// value (which it gives on subscribe) goes through the debounce only when `replayCurrent` is true:
  /// when the badge is behind it.
  public func bind(
    to publisher: AnyPublisher<Int, Never>, interval: DebounceInterval,
    scheduler: AnySchedulerOf<DispatchQueue>, replayCurrent: Bool
  ) {
    subscription = nil
    generation += 1
    let changes = replayCurrent ? publisher : publisher.dropFirst().eraseToAnyPublisher()
    guard interval.milliseconds > 0 else {
      // No debounce, but still through the scheduler, never inside the store's send: the session's
      // sink reads the basket, which the use case that sent the value is still writing.
      let current = generation
      subscription = changes.sink { [weak self] value in
        scheduler.schedule { [weak self] in
          guard let self, generation == current else { return }
          count = value
        }
      }
      return
    }
    subscription = changes.debounce(for: interval.stride, scheduler: scheduler).sink { [weak self] value in
      self?.count = value
    }
  }

  /// Stops following the store.
  public func unbind() {
    subscription = nil
    generation += 1
  }
}
