import Dispatch
import Reactive

/// The basket badge: the quantity the header shows as `Basket: N`, fed by a subscription to the
/// store's `quantityPublisher`, debounced on a scheduler (`DispatchQueue.main` in the app, a
/// `TestScheduler` in tests and on the script's virtual clock), as the article's view model does.
///
/// - Who owns the count: this view model; only its debounced subscription writes `count`.
/// - Who reads it: anyone, through `$count` or `objectWillChange`; the app's ``QuantityPipeline`` turns each
///   new value into an ``AppEvent/badgeReached(_:caughtUp:)``. The store owns the quantity it follows.
public final class BadgeViewModel: ObservableObject {
  /// The debounced quantity.
  @Published public private(set) var count: Int
  /// Whether the value `count` just took answers every value the badge was given since it was bound
  /// (with no debounce, each value is scheduled on its own, and an earlier one can arrive while later
  /// ones wait). Set before `count` changes, so that a subscriber to `$count` reads it for the value
  /// it receives: the pipeline hands it over with the value, and the app's state keeps the one record
  /// of whether the badge has caught up (``AppState/badgeIsCaughtUp``).
  public private(set) var isCaughtUp = true

  private var subscription: AnyCancellable?
  /// Counts binds, so that a value scheduled under an earlier bind is dropped like a pending debounce.
  private var generation = 0
  /// How many values the current bind has received.
  private var received = 0

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
    received = 0
    let changes = (replayCurrent ? publisher : publisher.dropFirst().eraseToAnyPublisher())
      .handleEvents(receiveOutput: { [weak self] _ in self?.received += 1 })
    guard interval.milliseconds > 0 else {
      // No debounce, but still through the scheduler, never inside the store's send.
      let current = generation
      subscription = changes.sink { [weak self] value in
        guard let self else { return }
        let index = received
        scheduler.schedule { [weak self] in
          guard let self, generation == current else { return }
          show(value, answering: index)
        }
      }
      return
    }
    // A debounce delivers the latest value it was given: it answers everything received so far.
    subscription = changes.debounce(for: interval.stride, scheduler: scheduler).sink { [weak self] value in
      guard let self else { return }
      show(value, answering: received)
    }
  }

  /// Stops following the store.
  public func unbind() {
    subscription = nil
    generation += 1
  }

  private func show(_ value: Int, answering index: Int) {
    isCaughtUp = index == received
    count = value
  }
}
