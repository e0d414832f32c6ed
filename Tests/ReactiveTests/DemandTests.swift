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

  // OpenCombine's SubscribersDemandTests.testCrashesOnNegativeValue, at e054a88 (the version stored;
  // 1b8a26b is not).
  @Test func aNegativeBoundStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let count = Int("-1")!
      _ = Demand.max(count)
    }
  }

  // OpenCombine's SubscribersDemandTests testAddition, testSubtraction and testMultiplication, at
  // e054a88: each sum, difference and product it checks, compound assignments too.
  @Test func theArithmeticCombinesTestChecksGivesWhatItExpects() {
    #expect(Demand.max(42) + .unlimited == .unlimited)
    #expect(Demand.unlimited + .unlimited == .unlimited)
    #expect(Demand.unlimited + .max(42) == .unlimited)
    #expect(Demand.max(100) + .max(42) == .max(142))
    #expect(Demand.max(81) + 42 == .max(123))
    #expect(Demand.unlimited + 42 == .unlimited)
    var sum = Demand.none
    sum += .max(1)
    #expect(sum == .max(1))
    sum += 21
    #expect(sum == .max(22))
    sum += .unlimited
    #expect(sum == .unlimited)
    sum += Int.min
    #expect(sum == .unlimited)
    sum = .max(Int.max)
    #expect(sum + 10 == .unlimited)
    sum += 10
    #expect(sum == .unlimited)

    #expect(Demand.max(42) - .unlimited == .max(0))
    #expect(Demand.unlimited - .max(42) == .unlimited)
    #expect(Demand.max(100) - .max(42) == .max(58))
    #expect(Demand.max(81) - 42 == .max(39))
    var difference = Demand.max(100)
    difference -= .max(1)
    #expect(difference == .max(99))
    difference -= 21
    #expect(difference == .max(78))
    difference -= .unlimited
    #expect(difference == .max(0))
    difference = .unlimited
    difference -= Int.max
    #expect(difference == .unlimited)
    difference -= .unlimited
    #expect(difference == .unlimited)

    #expect(Demand.max(42) * 2 == .max(84))
    #expect(Demand.unlimited * Int.max == .unlimited)
    var product = Demand.none
    product *= 10
    #expect(product == .none)
    product = .max(20)
    product *= 2
    #expect(product == .max(40))
    product = .unlimited
    product *= Int.max
    #expect(product == .unlimited)
    product = .max(Int.max)
    product *= 2
    #expect(product == .unlimited)
  }

  // OpenCombine's SubscribersDemandTests.testComparison, at e054a88: every operator, between two
  // demands and between a demand and a count either way round, for each pair it checks.
  @Test func everyComparisonOperatorOrdersThePairsCombinesTestChecks() {
    // (left, right, how left compares to right); a nil count stands for unlimited.
    let pairs: [(Int?, Int?, Int)] = [
      (nil, nil, 0), (nil, 42, 1), (42, nil, -1), (42, 100, -1), (142, 100, 1), (100, 100, 0),
    ]
    func demand(_ count: Int?) -> Demand { count.map { .max($0) } ?? .unlimited }
    for (left, right, order) in pairs {
      let (l, r) = (demand(left), demand(right))
      let expected = [order < 0, order > 0, order != 0, order == 0, order <= 0, order >= 0]
      #expect([l < r, l > r, l != r, l == r, l <= r, l >= r] == expected, "\(l) against \(r)")
      if let right {
        #expect(
          [l < right, l > right, l != right, l == right, l <= right, l >= right] == expected,
          "\(l) against the count \(right)")
      }
      if let left {
        #expect(
          [left < r, left > r, left != r, left == r, left <= r, left >= r] == expected,
          "the count \(left) against \(r)")
      }
    }
  }

  // OpenCombine's SubscribersDemandTests testMax and testDescription, at e054a88.
  @Test func noneIsABoundOfZeroAndDescribesItselfSo() {
    #expect(Demand.none.max == 0)
    #expect(Demand.max(42).max == 42)
    #expect(Demand.none.description == "max(0)")
    #expect(Demand.max(42).description == "max(42)")
  }

  private struct Keyed: Codable, Equatable {
    let value: Demand
  }

  // OpenCombine's SubscribersDemandTests.testEncodeDecodeJSON, at e054a88: under a key, a bound
  // encodes as its number and unlimited as one past Int.max; a negative number does not decode, and
  // one past that is unlimited.
  @Test func underAKeyADemandEncodesAndDecodesAsOneNumberInJSON() throws {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    #expect(String(decoding: try encoder.encode(Keyed(value: .max(42))), as: UTF8.self) == #"{"value":42}"#)
    let unlimited = #"{"value":9223372036854775808}"#
    #expect(String(decoding: try encoder.encode(Keyed(value: .unlimited)), as: UTF8.self) == unlimited)
    #expect(try decoder.decode(Keyed.self, from: Data(#"{"value":42}"#.utf8)) == Keyed(value: .max(42)))
    #expect(try decoder.decode(Keyed.self, from: Data(unlimited.utf8)) == Keyed(value: .unlimited))
    #expect(throws: DecodingError.self) {
      try decoder.decode(Keyed.self, from: Data(#"{"value":-1}"#.utf8))
    }
    let tooBig = try decoder.decode(Keyed.self, from: Data(#"{"value":9223372036854775809}"#.utf8))
    #expect(tooBig.value.description == "unlimited")
  }

  // OpenCombine's SubscribersDemandTests.testEncodeDecodePlist, at e054a88: the same in an XML
  // property list.
  @Test func underAKeyADemandEncodesAndDecodesAsOneIntegerInAPropertyList() throws {
    func plist(_ integer: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>value</key>
      \t<integer>\(integer)</integer>
      </dict>
      </plist>

      """
    }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let decoder = PropertyListDecoder()
    #expect(String(decoding: try encoder.encode(Keyed(value: .max(42))), as: UTF8.self) == plist("42"))
    let unlimited = plist("9223372036854775808")
    #expect(String(decoding: try encoder.encode(Keyed(value: .unlimited)), as: UTF8.self) == unlimited)
    #expect(try decoder.decode(Keyed.self, from: Data(plist("42").utf8)) == Keyed(value: .max(42)))
    #expect(try decoder.decode(Keyed.self, from: Data(unlimited.utf8)) == Keyed(value: .unlimited))
    #expect(throws: DecodingError.self) {
      try decoder.decode(Keyed.self, from: Data(plist("-1").utf8))
    }
    let tooBig = try decoder.decode(Keyed.self, from: Data(plist("9223372036854775809").utf8))
    #expect(tooBig.value.description == "unlimited")
  }
}
