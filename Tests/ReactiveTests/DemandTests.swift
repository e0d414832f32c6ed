import Foundation
import Reactive
import Testing

@Suite struct DemandTests {
  typealias Demand = Subscribers.Demand

  @Test func boundedAndUnlimited() {
    #expect(Demand.max(3).max == 3)
    #expect(Demand.none.max == 0)
    #expect(Demand.unlimited.max == nil)
    #expect(Demand.max(0) == .none)
    #expect(Demand.unlimited > .max(Int.max))
    #expect(Demand.max(2) < .max(3))
    #expect(Demand.max(3).description == "max(3)")
    #expect(Demand.unlimited.description == "unlimited")
  }

  @Test func additionSaturatesAtUnlimited() {
    #expect(Demand.max(2) + .max(3) == .max(5))
    #expect(Demand.max(2) + 3 == .max(5))
    #expect(Demand.unlimited + .max(1) == .unlimited)
    #expect(Demand.max(1) + .unlimited == .unlimited)
    #expect(Demand.max(Int.max) + .max(1) == .unlimited)
    #expect(Demand.max(Int.max) + .max(Int.max) == .unlimited)
    #expect(Demand.unlimited + 1 == .unlimited)
    var demand = Demand.max(1)
    demand += .max(1)
    demand += 2
    #expect(demand == .max(4))
  }

  @Test func subtractionNeverGoesBelowZero() {
    #expect(Demand.max(5) - .max(3) == .max(2))
    #expect(Demand.max(3) - .max(5) == .none)
    #expect(Demand.max(3) - 5 == .none)
    #expect(Demand.max(3) - .unlimited == .none)
    #expect(Demand.unlimited - .max(5) == .unlimited)
    #expect(Demand.unlimited - 5 == .unlimited)
    #expect(Demand.unlimited - .unlimited == .unlimited)
    var demand = Demand.max(4)
    demand -= .max(1)
    demand -= 1
    #expect(demand == .max(2))
  }

  @Test func negativeCountsSubtractOrAdd() {
    #expect(Demand.max(5) + (-2) == .max(3))
    #expect(Demand.max(5) - (-2) == .max(7))
  }

  // Combine's subtraction of a count takes the difference of the bounded number, and one past Int.max
  // is none, not unlimited (OpenCombine's SubscribersDemandTests.testSubtraction).
  @Test func subtractingANegativeCountPastTheTopIsNoneAsInCombine() {
    #expect(Demand.max(Int.max) - (-1) == .none)
    var demand = Demand.max(Int.max)
    demand -= -1
    #expect(demand == .none)
    #expect(Demand.max(Int.max - 1) - (-1) == .max(Int.max))
  }

  @Test func multiplicationSaturatesAtUnlimited() {
    #expect(Demand.max(2) * 3 == .max(6))
    #expect(Demand.max(Int.max) * 2 == .unlimited)
    #expect(Demand.unlimited * 2 == .unlimited)
    #expect(Demand.max(5) * 0 == .none)
    var demand = Demand.max(3)
    demand *= 2
    #expect(demand == .max(6))
  }

  @Test func comparesWithCounts() {
    #expect(Demand.max(3) == 3)
    #expect(3 == Demand.max(3))
    #expect(Demand.unlimited != 3)
    #expect(Demand.max(3) < 4)
    #expect(Demand.max(3) <= 3)
    #expect(Demand.max(3) > 2)
    #expect(Demand.max(3) >= 3)
    #expect(Demand.unlimited > Int.max)
    #expect(Demand.unlimited >= 0)
    #expect(!(Demand.unlimited < 5))
    #expect(!(Demand.unlimited <= Int.max))
    #expect(2 < Demand.max(3))
    #expect(4 > Demand.max(3))
    #expect(Int.max < Demand.unlimited)
  }

  @Test func countsAtTheEdgesNeverTrap() {
    #expect(Demand.unlimited + Int.min == .unlimited)
    #expect(Demand.unlimited + Int.max == .unlimited)
    #expect(Demand.max(5) + Int.min == .none)
    #expect(Demand.max(5) + Int.max == .unlimited)
    // A difference past Int.max is none, as Combine's (see subtractingANegativeCountPastTheTop).
    #expect(Demand.max(5) - Int.min == .none)
    #expect(Demand.max(5) - Int.max == .none)
    #expect(Demand.unlimited - Int.max == .unlimited)
    #expect(Demand.unlimited - Int.min == .unlimited)
    var demand = Demand.unlimited
    demand -= Int.min
    demand += Int.min
    #expect(demand == .unlimited)
  }

  @Test func unlimitedTimesAnythingIsUnlimitedAndNegativeProductsAreNone() {
    #expect(Demand.unlimited * 0 == .unlimited)
    #expect(Demand.unlimited * -3 == .unlimited)
    #expect(Demand.max(Int.max) * Int.max == .unlimited)
    #expect(Demand.max(3) * -1 == .none)
    #expect(Demand.max(2) * Int.min == .none)
    #expect(Demand.none * Int.min == .none)
  }

  @Test func comparesWithNegativeAndExtremeCounts() {
    #expect(Demand.none > -1)
    #expect(Demand.none >= Int.min)
    #expect(!(Demand.none < Int.min))
    #expect(Demand.none != -1)
    #expect(-1 < Demand.none)
    #expect(Int.min <= Demand.max(0))
    #expect(!(Demand.unlimited < Int.min))
    #expect(Int.min < Demand.unlimited)
    #expect(!(Int.max >= Demand.unlimited))
    #expect(Demand.unlimited != Int.max)
  }

  @Test func encodesAsOneNumberAsCombineDoes() throws {
    let encoded = try JSONEncoder().encode([Demand.max(5), .unlimited])
    #expect(String(decoding: encoded, as: UTF8.self) == "[5,9223372036854775808]")
    let decoded = try JSONDecoder().decode([Demand].self, from: Data("[0,7,18446744073709551615]".utf8))
    #expect(decoded == [.none, .max(7), .unlimited])
  }
}
