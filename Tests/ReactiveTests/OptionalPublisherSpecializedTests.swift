import Reactive
import Testing

/// Combine's overloads for `Optional.Publisher`, which return an `Optional.Publisher`, a `Just` or
/// an `Empty`; each test pins the type as Combine's code would name it.
@Suite struct OptionalPublisherSpecializedTests {
  private typealias Sut<T> = Optional<T>.Publisher

  @Test func minMaxAndRemoveDuplicatesAreTheValueAndNeverCallTheirClosure() {
    var calls = 0
    let order: (Int, Int) -> Bool = {
      calls += 1
      return $0 > $1
    }
    let least: Sut<Int> = Sut(112).min()
    let greatest: Sut<Int> = Sut(nil).max()
    let leastBy: Sut<Int> = Sut(1).min(by: order)
    let greatestBy: Sut<Int> = Sut(nil).max(by: order)
    let unique: Sut<Int> = Sut(1000).removeDuplicates()
    let uniqueBy: Sut<Int> = Sut(44).removeDuplicates(by: order)
    #expect(
      [least, greatest, leastBy, greatestBy, unique, uniqueBy].map(\.output) == [112, nil, 1, nil, 1000, 44])
    #expect(calls == 0)
  }

  @Test func containsAndAllSatisfyAnswerOnlyWhenThereIsAValue() {
    var calls = 0
    let small: (Int) -> Bool = {
      calls += 1
      return $0 < 100
    }
    let hasTwelve: Sut<Bool> = Sut(10).contains(12)
    let hasTen: Sut<Bool> = Sut(10).contains(10)
    let noneHas: Sut<Bool> = Sut<Int>(nil).contains(10)
    let whereSmall: Sut<Bool> = Sut(112).contains(where: small)
    let all: Sut<Bool> = Sut(64).allSatisfy(small)
    let noneAll: Sut<Bool> = Sut(nil).allSatisfy(small)
    #expect(
      [hasTwelve, hasTen, noneHas, whereSmall, all, noneAll].map(\.output) == [
        false, true, nil, false, true, nil,
      ])
    #expect(calls == 2)
  }

  @Test func collectGivesAnEmptyArrayButCountGivesNothingWithoutAValue() {
    let collected: Sut<[Int]> = Sut(13).collect()
    let counted: Sut<Int> = Sut(10_000).count()
    #expect(collected.output == [13] && Sut<Int>(nil).collect().output == [])
    #expect(counted.output == 1 && Sut<Int>(nil).count().output == nil)
  }

  @Test func thePredicatesKeepOrLeaveTheValueAndAreNotCalledWithoutOne() {
    var calls = 0
    let is42: (Int) -> Bool = {
      calls += 1
      return $0 == 42
    }
    let dropped: Sut<Int> = Sut(-13).drop(while: is42)
    let firstWhere: Sut<Int> = Sut(42).first(where: is42)
    let lastWhere: Sut<Int> = Sut(-13).last(where: is42)
    let filtered: Sut<Int> = Sut(nil).filter(is42)
    let prefixWhile: Sut<Int> = Sut(42).prefix(while: is42)
    #expect(
      [dropped, firstWhere, lastWhere, filtered, prefixWhile].map(\.output) == [-13, 42, nil, nil, 42])
    #expect(calls == 4)
    #expect(Sut(42).drop(while: is42).output == nil)
  }

  @Test func firstAndLastAreTheValue() {
    let first: Sut<Int> = Sut(3).first()
    let last: Sut<Int> = Sut(nil).last()
    #expect(first.output == 3 && last.output == nil)
  }

  @Test func dropFirstPrefixAndOutputAtKeepTheValueByPosition() {
    let dropOne: Sut<Int> = Sut(10_000).dropFirst()
    let prefixNone: Sut<Int> = Sut(98).prefix(0)
    let atZero: Sut<Int> = Sut(12).output(at: 0)
    #expect(dropOne.output == nil && Sut(10_000).dropFirst(0).output == 10_000)
    #expect(prefixNone.output == nil && Sut(98).prefix(1000).output == 98)
    #expect(atZero.output == 12 && Sut(12).output(at: 1).output == nil)
    #expect(Sut<Int>(nil).output(at: 0).output == nil)
  }

  @Test func outputInKeepsTheValueOnlyForARangeHoldingPositionZero() {
    let inRange: Sut<Int> = Sut(12).output(in: 0..<10)
    #expect(inRange.output == 12 && Sut(12).output(in: 0..<(.max - 2)).output == 12)
    #expect(Sut(12).output(in: 0..<0).output == nil && Sut(12).output(in: 0...0).output == 12)
    #expect(Sut(12).output(in: 1..<10).output == nil && Sut(12).output(in: ...0).output == 12)
    #expect(Sut(12).output(in: ..<0).output == nil && Sut(12).output(in: ..<1).output == 12)
  }

  // OpenCombine's OptionalPublisherTests.testOutputAtIndexOperatorSpecializationCrashesOnNegativeIndex,
  // testOutputInRangeOperatorSpecializationCrashesOnNegativeLowerBound, ...OnTooBigUpperBound and
  // testPrefixOperatorSpecializationCrashesOnNegativeLength, at 30a60b5.
  @Test func aNegativeIndexARangeOutOfBoundsOrANegativeLengthTraps() async {
    await #expect(processExitsWith: .failure) { _ = Optional(12).publisher.output(at: -1) }
    await #expect(processExitsWith: .failure) { _ = Optional(12).publisher.output(in: (-1)...4) }
    await #expect(processExitsWith: .failure) {
      _ = Optional(12).publisher.output(in: 0..<(.max - 1))
    }
    await #expect(processExitsWith: .failure) { _ = Optional(12).publisher.prefix(-1) }
  }

  @Test func mapAndCompactMapGiveAnOptionalPublisher() {
    var calls = 0
    let mapped: Sut<String> = Sut(42).map {
      calls += 1
      return String($0)
    }
    let compact: Sut<String> = Sut(100).compactMap {
      calls += 1
      return $0 == 42 ? String($0) : nil
    }
    #expect(mapped.output == "42" && compact.output == nil)
    #expect(
      Sut<Int>(nil).map {
        calls += 1
        return $0
      }.output == nil)
    #expect(calls == 2)
  }

  @Test func replaceEmptyGivesAJustAndTheFailureOperatorsKeepTheValue() {
    let filled: Just<Int> = Sut(nil).replaceEmpty(with: 100)
    let kept: Just<Int> = Sut(1).replaceEmpty(with: 100)
    let replaced: Sut<Int> = Sut(1).replaceError(with: 100)
    let retried: Sut<Int> = Sut(nil).retry(100)
    #expect(filled == Just(100) && kept == Just(1))
    #expect(replaced.output == 1 && retried.output == nil)
  }

  @Test func reduceAndScanCombineTheValueOnce() {
    var calls = 0
    let plus: (Int, Int) -> Int = {
      calls += 1
      return $0 + $1
    }
    let reduced: Sut<Int> = Sut(4).reduce(2, plus)
    let scanned: Sut<Int> = Sut(nil).scan(2, plus)
    #expect(reduced.output == 6 && scanned.output == nil)
    #expect(calls == 1)
  }

  @Test func ignoreOutputIsAnEmptyThatFinishesAtOnce() {
    let ignored: Empty<Double, Never> = Sut(13.0).ignoreOutput()
    #expect(ignored.completeImmediately)
  }

  @Test func aSubscriberSeesWhatTheGeneralOperatorWouldDeliver() {
    let recorder = Recorder<String, Never>()
    Optional(41).publisher.map { $0 + 1 }.filter { $0 > 1 }.map(String.init).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value("42"), .completion(.finished)])
  }
}
