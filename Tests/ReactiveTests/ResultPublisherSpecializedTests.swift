import Reactive
import Testing

/// Combine's overloads for `Result.Publisher`, which return another `Result.Publisher` or an
/// `Empty`; each test pins the type as Combine's code would name it.
@Suite struct ResultPublisherSpecializedTests {
  private typealias Sut<T> = Result<T, TestError>.Publisher

  private let failed = Sut<Int>(.boom)

  @Test func minMaxAndRemoveDuplicatesAreTheResultAndNeverCallTheirClosure() {
    var calls = 0
    let order: (Int, Int) -> Bool = {
      calls += 1
      return $0 > $1
    }
    let least: Sut<Int> = Sut(112).min()
    let greatest: Sut<Int> = failed.max()
    let leastBy: Sut<Int> = Sut(1).min(by: order)
    let greatestBy: Sut<Int> = failed.max(by: order)
    let unique: Sut<Int> = Sut(1000).removeDuplicates()
    let uniqueBy: Sut<Int> = failed.removeDuplicates(by: order)
    #expect(least.result == .success(112) && leastBy.result == .success(1) && unique.result == .success(1000))
    #expect([greatest, greatestBy, uniqueBy].map(\.result) == Array(repeating: .failure(.boom), count: 3))
    #expect(calls == 0)
  }

  @Test func theTryingComparisonsCallTheirClosureOnceForAValue() throws {
    var calls = 0
    let order: (Int, Int) throws -> Bool = {
      calls += 1
      return $0 > $1
    }
    let throwing: (Int, Int) throws -> Bool = { _, _ in
      calls += 1
      throw TestError.other
    }
    let least: Result<Int, any Error>.Publisher = Sut(1).tryMin(by: order)
    let greatest: Result<Int, any Error>.Publisher = Sut(2).tryMax(by: order)
    let unique: Result<Int, any Error>.Publisher = Sut(44).tryRemoveDuplicates(by: order)
    #expect(try least.result.get() == 1 && greatest.result.get() == 2 && unique.result.get() == 44)
    #expect(throws: TestError.other) { try Sut(1).tryMin(by: throwing).result.get() }
    #expect(throws: TestError.boom) { try failed.tryMax(by: throwing).result.get() }
    #expect(throws: TestError.boom) { try failed.tryRemoveDuplicates(by: throwing).result.get() }
    #expect(calls == 4)
  }

  @Test func containsAndAllSatisfyAnswerOrPassTheFailureOn() throws {
    var calls = 0
    let small: (Int) -> Bool = {
      calls += 1
      return $0 < 100
    }
    let hasTen: Result<Bool, TestError>.Publisher = Sut(10).contains(10)
    let whereSmall: Result<Bool, TestError>.Publisher = Sut(112).contains(where: small)
    let all: Result<Bool, TestError>.Publisher = failed.allSatisfy(small)
    #expect(hasTen.result == .success(true) && Sut(10).contains(12).result == .success(false))
    #expect(whereSmall.result == .success(false) && all.result == .failure(.boom))
    #expect(failed.contains(12).result == .failure(.boom))
    let tryContains: Result<Bool, any Error>.Publisher = Sut(1).tryContains(where: small)
    let tryAll: Result<Bool, any Error>.Publisher = Sut(0).tryAllSatisfy { $0 > 0 }
    #expect(try tryContains.result.get() && !tryAll.result.get())
    #expect(throws: TestError.boom) { try failed.tryContains { _ in throw TestError.other }.result.get() }
    #expect(throws: TestError.other) { try Sut(1).tryAllSatisfy { _ in throw TestError.other }.result.get() }
    #expect(calls == 2)
  }

  @Test func collectCountFirstAndLastAnswerOrPassTheFailureOn() {
    let collected: Result<[Int], TestError>.Publisher = Sut(13).collect()
    let counted: Result<Int, TestError>.Publisher = Sut(10_000).count()
    let first: Sut<Int> = Sut(3).first()
    let last: Sut<Int> = failed.last()
    #expect(collected.result == .success([13]) && failed.collect().result == .failure(.boom))
    #expect(counted.result == .success(1) && failed.count().result == .failure(.boom))
    #expect(first.result == .success(3) && last.result == .failure(.boom))
  }

  @Test func ignoreOutputFinishesAtOnceEvenForAFailure() {
    let ignored: Empty<Int, TestError> = failed.ignoreOutput()
    let recorder = Recorder<Int, TestError>()
    ignored.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func theTransformsGiveAResultPublisher() throws {
    let mapped: Result<String, TestError>.Publisher = Sut(42).map(String.init)
    let tried: Result<String, any Error>.Publisher = Sut(42).tryMap(String.init)
    let errorMapped: Result<Int, TestError>.Publisher = failed.mapError { _ in TestError.other }
    #expect(mapped.result == .success("42") && failed.map(String.init).result == .failure(.boom))
    #expect(try tried.result.get() == "42" && errorMapped.result == .failure(.other))
    #expect(Sut(42).mapError { _ in TestError.other }.result == .success(42))
    #expect(throws: TestError.boom) { try failed.tryMap { _ in throw TestError.other }.result.get() }
  }

  @Test func replaceErrorGivesANeverFailingResultAndTheOthersKeepTheResult() {
    let replaced: Result<Int, Never>.Publisher = failed.replaceError(with: 100)
    let filled: Sut<Int> = failed.replaceEmpty(with: 100)
    let retried: Sut<Int> = Sut(1).retry(100)
    let typed: Sut<Int> = Result<Int, Never>.Publisher(73).setFailureType(to: TestError.self)
    #expect(replaced.result == .success(100) && Sut(1).replaceError(with: 100).result == .success(1))
    #expect(filled.result == .failure(.boom) && retried.result == .success(1) && typed.result == .success(73))
  }

  @Test func reduceAndScanCombineTheValueOnceOrPassTheFailureOn() throws {
    let reduced: Sut<Int> = Sut(4).reduce(2, +)
    let scanned: Sut<Int> = failed.scan(2, +)
    let tryReduced: Result<Int, any Error>.Publisher = Sut(4).tryReduce(2, *)
    let tryScanned: Result<Int, any Error>.Publisher = Sut(4).tryScan(2, *)
    #expect(reduced.result == .success(6) && scanned.result == .failure(.boom))
    #expect(try tryReduced.result.get() == 8 && tryScanned.result.get() == 8)
    let fail: (Int, Int) throws -> Int = { _, _ in throw TestError.other }
    #expect(throws: TestError.other) { try Sut(4).tryReduce(2, fail).result.get() }
    #expect(throws: TestError.boom) { try failed.tryScan(2, fail).result.get() }
  }
}
