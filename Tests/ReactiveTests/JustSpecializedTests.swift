import Reactive
import Testing

/// Combine's overloads for `Just`, which return a `Just`, an `Optional.Publisher`, a
/// `Result.Publisher` or an `Empty`; each test pins the type as Combine's code would name it.
@Suite struct JustSpecializedTests {
  private func boom<T>(_ value: T) throws -> Bool { throw TestError.boom }

  private func neverCalled(_ never: Never) -> TestError {}

  @Test func minAndMaxAreTheValueAndNeverCallTheComparator() {
    var calls = 0
    let order: (Int, Int) -> Bool = {
      calls += 1
      return $0 > $1
    }
    let least: Just<Int> = Just(112).min()
    let greatest: Just<Int> = Just(341).max()
    let leastBy: Just<Int> = Just(1).min(by: order)
    let greatestBy: Just<Int> = Just(2).max(by: order)
    #expect([least, greatest, leastBy, greatestBy] == [Just(112), Just(341), Just(1), Just(2)])
    #expect(calls == 0)
  }

  // OpenCombine's JustTests.testTryMinOperatorSpecialization and testTryMaxOperatorSpecialization:
  // Combine calls the comparator once, with the value twice, and publishes its answer.
  @Test func tryMinAndTryMaxPublishTheComparatorsAnswerForTheValueAgainstItself() {
    var calls = 0
    let same: (Int, Int) -> Bool = {
      calls += 1
      return $0 == $1
    }
    let different: (Int, Int) -> Bool = {
      calls += 1
      return $0 != $1
    }
    let throwing: (Int, Int) throws -> Bool = { _, _ in
      calls += 1
      throw TestError.boom
    }
    let least: Result<Bool, any Error>.Publisher = Just(1).tryMin(by: same)
    let greatest: Result<Bool, any Error>.Publisher = Just(1).tryMax(by: different)
    #expect((try? least.result.get()) == true)
    #expect((try? greatest.result.get()) == false)
    #expect(throws: TestError.boom) { try Just(1).tryMin(by: throwing).result.get() }
    #expect(throws: TestError.boom) { try Just(1).tryMax(by: throwing).result.get() }
    #expect(calls == 4)
  }

  @Test func containsAndAllSatisfyAnswerWithAJustOfBool() {
    let hasTwelve: Just<Bool> = Just(10).contains(12)
    let hasTen: Just<Bool> = Just(10).contains(10)
    let small: Just<Bool> = Just(64).contains { $0 < 100 }
    let all: Just<Bool> = Just(1).allSatisfy { $0 > 0 }
    #expect([hasTwelve, hasTen, small, all].map(\.output) == [false, true, true, true])
    #expect(Just(0).allSatisfy { $0 > 0 } == Just(false))
  }

  @Test func theTryingPredicatesAnswerWithAResultPublisher() throws {
    let contains: Result<Bool, any Error>.Publisher = Just(1).tryContains { $0 > 0 }
    let all: Result<Bool, any Error>.Publisher = Just(0).tryAllSatisfy { $0 > 0 }
    #expect(try contains.result.get())
    #expect(try !all.result.get())
    #expect(throws: TestError.boom) { try Just(1).tryContains(where: boom).result.get() }
    #expect(throws: TestError.boom) { try Just(1).tryAllSatisfy(boom).result.get() }
  }

  @Test func removeDuplicatesIsTheValueAndTheTryingOneCallsItsPredicateOnce() throws {
    var calls = 0
    let plain: Just<Int> = Just(1000).removeDuplicates()
    let by: Just<Int> = Just(44).removeDuplicates {
      calls += 1
      return $0 == $1
    }
    #expect(plain == Just(1000) && by == Just(44))
    #expect(calls == 0)
    let tried: Result<Int, any Error>.Publisher = Just(44).tryRemoveDuplicates {
      calls += 1
      return $0 > $1
    }
    #expect(try tried.result.get() == 44)
    #expect(throws: TestError.boom) {
      try Just(44).tryRemoveDuplicates { _, _ in
        calls += 1
        throw TestError.boom
      }.result.get()
    }
    #expect(calls == 2)
  }

  @Test func collectCountFirstAndLastAnswerWithAJust() {
    let collected: Just<[Int]> = Just(13).collect()
    let counted: Just<Int> = Just(10_000).count()
    let first: Just<String> = Just("f").first()
    let last: Just<String> = Just("g").last()
    #expect(collected == Just([13]) && counted == Just(1))
    #expect(first == Just("f") && last == Just("g"))
  }

  @Test func thePredicatesThatMayLeaveTheValueOutGiveAnOptionalPublisher() {
    let dropped: Optional<Int>.Publisher = Just(42).drop { $0 != 42 }
    let firstWhere: Optional<Int>.Publisher = Just(-13).first { $0 != 42 }
    let lastWhere: Optional<Int>.Publisher = Just(1).last { $0 < 0 }
    let filtered: Optional<Int>.Publisher = Just(42).filter { $0 != 42 }
    let prefixWhile: Optional<Int>.Publisher = Just(1).prefix { $0 > 0 }
    #expect([dropped, firstWhere, lastWhere, filtered, prefixWhile].map(\.output) == [42, -13, nil, nil, 1])
    #expect(Just(-13).drop { $0 != 42 }.output == nil)
  }

  @Test func dropFirstAndPrefixKeepTheValueByCount() {
    let dropOne: Optional<Int>.Publisher = Just(10_000).dropFirst()
    let prefixNone: Optional<Int>.Publisher = Just(98).prefix(0)
    #expect(dropOne.output == nil && Just(10_000).dropFirst(100).output == nil)
    #expect(Just(10_000).dropFirst(0).output == 10_000)
    #expect(prefixNone.output == nil)
    #expect(Just(98).prefix(1).output == 98 && Just(98).prefix(1000).output == 98)
  }

  @Test func outputKeepsTheValueOnlyForARangeStartingAtZeroAsCombinesDoes() {
    let atZero: Optional<Int>.Publisher = Just(12).output(at: 0)
    let inRange: Optional<Int>.Publisher = Just(12).output(in: 0..<10)
    #expect(atZero.output == 12 && inRange.output == 12)
    #expect(Just(12).output(at: 1).output == nil && Just(12).output(at: 42).output == nil)
    #expect(Just(12).output(in: -10..<10).output == nil)
    #expect(Just(12).output(in: (-10)...).output == nil)
    #expect(Just(12).output(in: 1..<10).output == nil)
    #expect(Just(12).output(in: 0..<0).output == 12)
    #expect(Just(12).output(in: 0...0).output == 12)
  }

  @Test func mapGivesAJustAndTheOtherTransformsTheirOwnKind() throws {
    let mapped: Just<String> = Just(42).map(String.init)
    let tried: Result<String, any Error>.Publisher = Just(42).tryMap(String.init)
    let compact: Optional<String>.Publisher = Just(100).compactMap { $0 == 42 ? String($0) : nil }
    #expect(mapped == Just("42") && compact.output == nil)
    #expect(try tried.result.get() == "42")
    #expect(Just(42).compactMap { String($0) }.output == "42")
    #expect(throws: TestError.boom) { try Just(42).tryMap(boom).result.get() }
  }

  @Test func theFailureOperatorsKeepTheValue() throws {
    let mapped: Result<Int, TestError>.Publisher = Just(42).mapError(neverCalled)
    let typed: Result<Int, TestError>.Publisher = Just(73).setFailureType(to: TestError.self)
    let replaced: Just<Int> = Just(1).replaceError(with: 100)
    let filled: Just<Int> = Just(1).replaceEmpty(with: 100)
    let retried: Just<Int> = Just(1).retry(Int.max)
    #expect(mapped.result == .success(42) && typed.result == .success(73))
    #expect([replaced, filled, retried] == [Just(1), Just(1), Just(1)])
  }

  @Test func reduceAndScanGiveAResultPublisherOfOneStep() throws {
    let reduced: Result<Int, Never>.Publisher = Just(4).reduce(2, +)
    let scanned: Result<Int, Never>.Publisher = Just(4).scan(2, +)
    let tryReduced: Result<Int, any Error>.Publisher = Just(4).tryReduce(2, *)
    let tryScanned: Result<Int, any Error>.Publisher = Just(4).tryScan(2, *)
    #expect(reduced.result == .success(6) && scanned.result == .success(6))
    #expect(try tryReduced.result.get() == 8 && tryScanned.result.get() == 8)
    let fail: (Int, Int) throws -> Int = { _, _ in throw TestError.boom }
    #expect(throws: TestError.boom) { try Just(4).tryReduce(2, fail).result.get() }
    #expect(throws: TestError.boom) { try Just(4).tryScan(2, fail).result.get() }
  }

  @Test func ignoreOutputIsAnEmptyThatFinishesAtOnce() {
    let ignored: Empty<Double, Never> = Just(13.0).ignoreOutput()
    #expect(ignored.completeImmediately)
  }

  // OpenCombine's JustTests.testPrependOperatorSpecialization and testAppendOperatorSpecialization:
  // values or a sequence put before or after the one value make a Publishers.Sequence.
  @Test func prependAndAppendOfValuesMakeASequence() {
    let prepended: Publishers.Sequence<[Int], Never> = Just(5).prepend(1, 2, 3, 4)
    #expect(prepended == Publishers.Sequence(sequence: [1, 2, 3, 4, 5]))
    let prependedSequence: Publishers.Sequence<[Int], Never> = Just(5).prepend(1...4)
    #expect(prependedSequence == Publishers.Sequence(sequence: [1, 2, 3, 4, 5]))
    let appended: Publishers.Sequence<[Int], Never> = Just(1).append(2, 3, 4, 5)
    #expect(appended == Publishers.Sequence(sequence: [1, 2, 3, 4, 5]))
    let appendedSequence: Publishers.Sequence<[Int], Never> = Just(1).append(2...5)
    #expect(appendedSequence == Publishers.Sequence(sequence: [1, 2, 3, 4, 5]))
  }

  // OpenCombine's JustTests.testPrependOperatorSpecialization and testAppendOperatorSpecialization, at
  // 1b8a26b: prepending a sequence reads its estimated size twice and iterates it once; appending
  // reads the estimate once and iterates once.
  @Test func prependAndAppendReadTheOtherSequenceAsCombinesDo() {
    let front = CallLog([1, 2, 3, 4])
    #expect(Just(5).prepend(front) == Publishers.Sequence(sequence: [1, 2, 3, 4, 5]))
    #expect(front.calls == [.initFromSequence, .underestimatedCount, .underestimatedCount, .makeIterator])
    let back = CallLog([2, 3, 4, 5])
    #expect(Just(1).append(back) == Publishers.Sequence(sequence: [1, 2, 3, 4, 5]))
    #expect(back.calls == [.initFromSequence, .underestimatedCount, .makeIterator])
  }

  // OpenCombine's JustTests.testDropFirstOperatorSpecializationCrashesOnNegativeCount,
  // testPrefixOperatorSpecializationCrashesOnNegativeLength and
  // testOutputAtIndexOperatorSpecializationCrashesOnNegativeIndex, at 1b8a26b.
  @Test func aNegativeCountLengthOrIndexTraps() async {
    await #expect(processExitsWith: .failure) { _ = Just(1).dropFirst(-1) }
    await #expect(processExitsWith: .failure) { _ = Just(1).prefix(-1) }
    await #expect(processExitsWith: .failure) { _ = Just(1).output(at: -1) }
  }

  // OpenCombine's JustTests.testOutputInRangeOperatorSpecialization, at 1b8a26b: a range that starts
  // below zero, even one ending there, leaves the value out; one from zero to the end keeps it.
  @Test func outputLeavesTheValueOutForEveryRangeStartingBelowZero() {
    #expect(Just(12).output(in: -10...10).output == nil)
    #expect(Just(12).output(in: -10 ..< -5).output == nil)
    #expect(Just(12).output(in: 0..<Int.max).output == 12)
  }

  @Test func aSubscriberSeesWhatTheGeneralOperatorWouldDeliver() {
    let kept = Recorder<Int, Never>()
    let left = Recorder<Int, Never>()
    Just(1).map { $0 + 1 }.filter { $0 > 1 }.subscribe(kept)
    Just(1).filter { $0 > 1 }.subscribe(left)
    #expect(kept.events == [.subscription, .value(2), .completion(.finished)])
    #expect(left.events == [.subscription, .completion(.finished)])
  }
}
