import Dispatch
import Reactive

/// The basket badge: the quantity the header shows as `Basket: N`, fed by a subscription to the
/// store's `quantityPublisher`, debounced on a scheduler (`DispatchQueue.main` in the app, a
/// `TestScheduler` in tests and on the script's virtual clock).
///
/// It owns its subscription and nothing else: the store owns the quantity, and only the debounced
/// stream writes `count`.
final class BadgeViewModel: ObservableObject {
  /// The debounced quantity.
  @Published private(set) var count: Int

  private var subscription: AnyCancellable?

  /// A badge showing `count` until it is bound.
  init(count: Int) {
    self.count = count
  }

  /// Follows `publisher` through a debounce of `interval` on `scheduler`, replacing any earlier
  /// subscription. The publisher's current value (which it gives on subscribe) goes through the
  /// debounce only when `replayCurrent` is true: when the badge is behind it.
  func bind(
    to publisher: AnyPublisher<Int, Never>, interval: DebounceInterval,
    scheduler: AnySchedulerOf<DispatchQueue>, replayCurrent: Bool
  ) {
    subscription = nil
    let changes = replayCurrent ? publisher : publisher.dropFirst().eraseToAnyPublisher()
    let debounced =
      interval.milliseconds == 0
      ? changes : changes.debounce(for: interval.stride, scheduler: scheduler).eraseToAnyPublisher()
    subscription = debounced.sink { [weak self] value in
      self?.count = value
    }
  }

  /// Stops following the store.
  func unbind() {
    subscription = nil
  }
}
