import Dispatch
import Foundation
import Reactive
import Testing

/// Runs ``BadgeModel`` and its owner on a virtual clock: the program behaves as it would on Combine.
@Suite struct BasketBadgeExampleTests {
  /// Each value of `publisher` with the virtual time, in milliseconds, at which it arrived.
  final class Timeline<Value> {
    private(set) var entries: [(milliseconds: Int, value: Value)] = []
    private var cancellable: AnyCancellable?

    init<P: Publisher>(_ publisher: P, clock scheduler: TestSchedulerOf<DispatchQueue>)
    where P.Output == Value, P.Failure == Never {
      cancellable = publisher.sink { [unowned self] value in
        entries.append((Int((scheduler.now.dispatchTime.uptimeNanoseconds - 1) / 1_000_000), value))
      }
    }
  }

  private func at(
    _ milliseconds: Int, _ scheduler: TestSchedulerOf<DispatchQueue>, _ work: @escaping () -> Void
  ) {
    scheduler.schedule(
      after: DispatchQueue.SchedulerTimeType(
        DispatchTime(uptimeNanoseconds: 1 + UInt64(milliseconds) * 1_000_000)), work)
  }

  @Test func theBadgeSettlesOneIntervalAfterTheLastChange() {
    let scheduler = DispatchQueue.test
    let basket = BasketCount()
    let model = BadgeModel(basket: basket, interval: .seconds(1), scheduler: scheduler)
    let titles = Timeline(model.$title, clock: scheduler)
    let settled = Timeline(model.$isSettled, clock: scheduler)
    at(0, scheduler) { basket.add([OrderLine(name: "apple", quantity: 2)]) }
    at(400, scheduler) { basket.add([OrderLine(name: "butter", quantity: 3)]) }
    scheduler.advance(by: .seconds(3))
    #expect(titles.entries.map(\.milliseconds) == [0, 1400])
    #expect(titles.entries.map(\.value) == ["Basket: 0", "Basket: 5"])
    #expect(settled.entries.map(\.milliseconds) == [0, 0, 1400])
    #expect(settled.entries.map(\.value) == [true, false, true])
  }

  @Test func aReorderGoesThroughTheOwnerAndAddsToTheBasket() {
    let scheduler = DispatchQueue.test
    let basket = BasketCount()
    let model = BadgeModel(basket: basket, interval: .milliseconds(500), scheduler: scheduler)
    let counts = Timeline(model.$count, clock: scheduler)
    basket.add([OrderLine(name: "apple", quantity: 2)])
    scheduler.advance(by: .seconds(1))
    let reorder = ReorderLastOrder(
      basket: basket,
      lastOrder: [OrderLine(name: "apple", quantity: 3), OrderLine(name: "paper bag", quantity: 1)])
    reorder.reorder()
    scheduler.advance(by: .seconds(1))
    #expect(basket.current == 5)
    #expect(counts.entries.map(\.milliseconds) == [0, 500, 1500])
    #expect(counts.entries.map(\.value) == [0, 2, 5])
  }

  @Test func aPaperBagAloneChangesNothing() {
    let scheduler = DispatchQueue.test
    let basket = BasketCount()
    let model = BadgeModel(basket: basket, interval: .seconds(1), scheduler: scheduler)
    // The count the basket starts with is debounced too: it reaches the badge after one interval, and
    // like every set of a published property it announces a change, even to the same value.
    var changes = 0
    let watch = model.objectWillChange.sink { changes += 1 }
    scheduler.advance(by: .seconds(1))
    #expect(changes == 2)
    changes = 0
    basket.add([OrderLine(name: "paper bag", quantity: 1)])
    scheduler.advance(by: .seconds(2))
    #expect(model.title == "Basket: 0")
    #expect(model.isSettled)
    #expect(changes == 0)
    watch.cancel()
  }

  @Test func theHeaderFollowsTheBadgeUntilCancelled() {
    let scheduler = DispatchQueue.test
    let basket = BasketCount()
    let model = BadgeModel(basket: basket, interval: .seconds(1), scheduler: scheduler)
    let header = HeaderLine()
    let showing = model.show(in: header)
    #expect(header.text == "Basket: 0")
    basket.add([OrderLine(name: "pear", quantity: 4)])
    scheduler.advance(by: .seconds(1))
    #expect(header.text == "Basket: 4")
    showing.cancel()
    basket.add([OrderLine(name: "pear", quantity: 1)])
    scheduler.advance(by: .seconds(1))
    #expect(model.title == "Basket: 5")
    #expect(header.text == "Basket: 4")
  }

  @Test func theModelGoesAwayWithItsOwnerWhileADebouncedValueIsPending() {
    let scheduler = DispatchQueue.test
    let basket = BasketCount()
    weak var weakModel: BadgeModel?
    do {
      let model = BadgeModel(basket: basket, interval: .seconds(1), scheduler: scheduler)
      weakModel = model
      basket.add([OrderLine(name: "apple", quantity: 1)])
    }
    #expect(weakModel == nil)
    scheduler.advance(by: .seconds(2))
  }

  /// The program's only imports are Foundation and Reactive, so that swapping in `import Combine`
  /// is the whole port; a test-only import or `@testable` there would break the promise.
  @Test func theProgramImportsOnlyFoundationAndReactive() throws {
    let program = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("BasketBadgeExample.swift")
    let imports = try String(contentsOf: program, encoding: .utf8).split(separator: "\n")
      .filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable") || $0.contains(" import ") }
    #expect(imports == ["import Foundation", "import Reactive"])
  }
}
