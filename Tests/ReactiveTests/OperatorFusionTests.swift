import Reactive
import Testing

/// Combine fuses a chain of like operators into one (OpenCombine's MapTests
/// testMapOperatorSpecializationForMap and testMapOperatorSpecializationForTryMap, FilterTests
/// testFilterOperatorSpecializationForFilter, CompactMapTests): code that names the result type
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
}
