import Reactive
import Testing

/// Combine fuses a chain of like operators into one (OpenCombine's MapTests
/// testMapOperatorSpecializationForMap and testMapOperatorSpecializationForTryMap, FilterTests
/// testFilterOperatorSpecializationForFilter, testFilterOperatorSpecializationForTryFilter,
/// testTryFilterOperatorSpecializationForFilter and testTryFilterOperatorSpecializationForTryFilter,
/// CompactMapTests): code that names the result type
/// compiles, and the chain runs as one operator.
@Suite struct OperatorFusionTests {
  @Test func mapAfterMapIsOneMapOfTheSameUpstream() {
    let subject = PassthroughSubject<Int, Never>()
    let first = subject.map { $0 * 2 }
    let fused: Publishers.Map<PassthroughSubject<Int, Never>, String> = first.map { "\($0 + 1)" }
    #expect(fused.upstream === subject)
    let recorder = Recorder<String, Never>()
    fused.subscribe(recorder)
    for value in [2, 3, 5] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value("5"), .value("7"), .value("11"), .completion(.finished)])
    // The downstream is handed the subject's own subscription: one operator, not two.
    let fresh = PassthroughSubject<Int, Never>()
    #expect(reflection(of: fresh.map { $0 * 2 }.map { $0 + 1 }).description == "PassthroughSubject")
  }

  @Test func mapAfterTryMapIsOneTryMapThatStillFails() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> =
      subject.tryMap { value -> Int in
        if value == 6 { throw TestError.boom }
        return value * 2
      }.map { $0 + 1 }
    #expect(fused.upstream === subject)
    let recorder = Recorder<Int, TestError>()
    fused.asTestError().subscribe(recorder)
    for value in [2, 3, 6, 5] { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(5), .value(7), .completion(.failure(.boom))])
  }

  @Test func tryMapAfterMapIsOneTryMap() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> =
      subject.map { $0 * 2 }.tryMap { value -> Int in
        if value == 12 { throw TestError.boom }
        return value + 1
      }
    let recorder = Recorder<Int, TestError>()
    fused.asTestError().subscribe(recorder)
    for value in [2, 6, 5] { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(5), .completion(.failure(.boom))])
  }

  @Test func compactMapAfterCompactMapIsOneCompactMap() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.CompactMap<PassthroughSubject<Int, Never>, String> =
      subject.compactMap { $0.isMultiple(of: 2) ? $0 : nil }.compactMap { $0 > 2 ? "\($0)" : nil }
    #expect(fused.upstream === subject)
    let recorder = Recorder<String, Never>(request: .max(1))
    fused.subscribe(recorder)
    for value in 1...6 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value("4")])
  }

  // OpenCombine's CompactMapTests.testCompactMapOperatorSpecializationForTryCompactMap at 1b8a26b.
  @Test func compactMapAfterTryCompactMapIsOneTryCompactMapThatStillFails() {
    let subject = PassthroughSubject<String, Never>()
    let fused: Publishers.TryCompactMap<PassthroughSubject<String, Never>, Int> =
      subject.tryCompactMap { input -> Int? in
        if input == "throw" { throw TestError.boom }
        return Int(input)
      }.compactMap { $0.isMultiple(of: 2) ? $0 / 2 : nil }
    #expect(fused.upstream === subject)
    let recorder = Recorder<Int, TestError>()
    fused.asTestError().subscribe(recorder)
    for input in ["0", "3", "a", "12", "11", "20", "b", "throw"] { subject.send(input) }
    #expect(
      recorder.events == [.subscription, .value(0), .value(6), .value(10), .completion(.failure(.boom))])
  }

  @Test func filterAfterFilterIsOneFilter() {
    let subject = PassthroughSubject<Int, Never>()
    let fused: Publishers.Filter<PassthroughSubject<Int, Never>> =
      subject.filter { $0.isMultiple(of: 2) }.filter { $0.isMultiple(of: 3) }
    #expect(fused.upstream === subject)
    let recorder = Recorder<Int, Never>()
    fused.subscribe(recorder)
    for value in 1...12 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(6), .value(12)])
  }

  /// `tryFilter` after `filter`, `filter` after `tryFilter` and `tryFilter` after `tryFilter` are one
  /// `TryFilter` of the same upstream, whose predicate runs both, the second only for values the
  /// first keeps; a throw still fails the stream.
  @Test func filtersWithATryFilterAreOneTryFilter() {
    let subject = PassthroughSubject<Int, Never>()
    let calls = Locked(0)
    let even = { (value: Int) -> Bool in
      calls.withLock { $0 += 1 }
      return value.isMultiple(of: 2)
    }
    let byThree = { (value: Int) throws -> Bool in
      calls.withLock { $0 += 1 }
      if value == 12 { throw TestError.boom }
      return value.isMultiple(of: 3)
    }
    let filterThenTry: Publishers.TryFilter<PassthroughSubject<Int, Never>> =
      subject.filter(even).tryFilter(byThree)
    let tryThenFilter: Publishers.TryFilter<PassthroughSubject<Int, Never>> =
      subject.tryFilter(even).filter { value in
        calls.withLock { $0 += 1 }
        return value.isMultiple(of: 3)
      }
    let tryThenTry: Publishers.TryFilter<PassthroughSubject<Int, Never>> =
      subject.tryFilter(even).tryFilter(byThree)
    for fused in [filterThenTry, tryThenFilter, tryThenTry] {
      #expect(fused.upstream === subject)
      calls.withLock { $0 = 0 }
      #expect((try? fused.isIncluded(6)) == true)
      #expect((try? fused.isIncluded(3)) == false)
      #expect(calls.value == 3)
    }
    let recorder = Recorder<Int, TestError>()
    filterThenTry.asTestError().subscribe(recorder)
    for value in 1...13 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(6), .completion(.failure(.boom))])
  }
}

extension OperatorFusionTests {
  // OpenCombine's MapTests.testTryMapOperatorSpecializationForTryMap, at 1b8a26b.
  @Test func tryMapAfterTryMapIsOneTryMapThatStillFails() {
    let subject = PassthroughSubject<Int, Never>()
    let first = subject.tryMap { value -> Int in
      if value == 6 { throw TestError.boom }
      return value * 2
    }
    let fused: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = first.tryMap { $0 + 1 }
    #expect(fused.upstream === first.upstream)
    let recorder = Recorder<Int, TestError>()
    fused.asTestError().subscribe(recorder)
    for value in [2, 3, 5, 6] { subject.send(value) }
    #expect(
      recorder.events == [.subscription, .value(5), .value(7), .value(11), .completion(.failure(.boom))])
  }
}

extension OperatorFusionTests {
  // OpenCombine's CompactMapTests testMapOperatorSpecializationForCompactMap and
  // testCompactMapOperatorSpecializationForCompactMap (the demands), at 1b8a26b.
  @Test func mapAfterCompactMapIsOneCompactMapAskingOneMoreForANilResult() {
    let upstream = ManualPublisher<String, TestError>()
    let first = upstream.compactMap { Int($0) }
    let fused: Publishers.CompactMap<ManualPublisher<String, TestError>, Int> = first.map { $0 + 1 }
    #expect(fused.upstream === first.upstream)
    let recorder = Recorder<Int, TestError>()
    fused.subscribe(recorder)
    #expect(
      ["0", "3", "a", "12", "11", "20", "b"].map { upstream.send($0) } == [
        .none, .none, .max(1), .none, .none, .none, .max(1),
      ])
    upstream.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(1), .value(4), .value(13), .value(12), .value(21), .completion(.finished),
      ])

    let twice = ManualPublisher<String, TestError>()
    let both = twice.compactMap { Int($0) }.compactMap { $0.isMultiple(of: 2) ? $0 / 2 : nil }
    both.subscribe(Recorder<Int, TestError>())
    #expect(
      ["0", "3", "a", "12", "11", "20", "b"].map { twice.send($0) } == [
        .none, .max(1), .max(1), .none, .max(1), .none, .max(1),
      ])
  }
}
