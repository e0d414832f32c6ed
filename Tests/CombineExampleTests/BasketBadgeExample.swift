// A small program written as one would write it for Combine: `import Reactive` stands where
// `import Combine` would, and nothing else differs. BasketBadgeExampleTests runs it on a virtual clock.

import Foundation
import Reactive

/// One line of an order: what was bought, and how many.
struct OrderLine: Equatable {
  let name: String
  let quantity: Int

  /// Whether the line is the free paper bag, which the basket count leaves out.
  var isPaperBag: Bool { name == "paper bag" }
}

/// The number of items in the basket, and its one owner.
///
/// The subject is private: readers get distinct counts through `counts`, and `add(_:)` is the only
/// way to change the number, so every writer goes through the same rule (the paper bag is not
/// counted) and adds to the current value rather than replacing it.
final class BasketCount {
  private let count = CurrentValueSubject<Int, Never>(0)

  /// The count now and each change after, without repeats.
  var counts: AnyPublisher<Int, Never> {
    count.removeDuplicates().eraseToAnyPublisher()
  }

  /// The count now.
  var current: Int { count.value }

  /// Adds the items of `lines`, leaving out the paper bag.
  func add(_ lines: [OrderLine]) {
    let added = lines.filter { !$0.isPaperBag }.map(\.quantity).reduce(0, +)
    count.send(count.value + added)
  }
}

/// What the basket badge shows: the count, settled one interval after the last change.
final class BadgeModel: ObservableObject {
  /// The debounced count.
  @Published private(set) var count = 0
  /// The badge's text.
  @Published private(set) var title = "Basket: 0"
  /// Whether the badge shows the basket's count yet.
  @Published private(set) var isSettled = true

  private var cancellables = Set<AnyCancellable>()

  /// Follows `basket`, debounced by `interval` on `scheduler` (the main queue in an app).
  init<S: Scheduler>(basket: BasketCount, interval: S.SchedulerTimeType.Stride, scheduler: S) {
    basket.counts
      .debounce(for: interval, scheduler: scheduler)
      .sink { [weak self] count in self?.count = count }
      .store(in: &cancellables)
    $count.map { "Basket: \($0)" }.assign(to: &$title)
    basket.counts.combineLatest($count).map { $0 == $1 }.removeDuplicates().assign(to: &$isSettled)
  }

  /// Keeps `header` showing the badge's text until the result is cancelled.
  func show(in header: HeaderLine) -> AnyCancellable {
    $title.assign(to: \.text, on: header)
  }
}

/// A line of text on screen.
final class HeaderLine {
  /// What the line shows.
  var text = ""
}

/// Orders the last order again, through the basket's owner: it never writes the count itself.
final class ReorderLastOrder {
  private let basket: BasketCount
  /// What the last order held.
  let lastOrder: [OrderLine]

  /// Reorders `lastOrder` into `basket`.
  init(basket: BasketCount, lastOrder: [OrderLine]) {
    self.basket = basket
    self.lastOrder = lastOrder
  }

  /// Puts the last order in the basket again.
  func reorder() {
    basket.add(lastOrder)
  }
}
