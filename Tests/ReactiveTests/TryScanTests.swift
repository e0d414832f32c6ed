import Reactive
import Testing

@Suite struct TryScanTests {
  @Test func passesOnTheRunningResult() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.tryScan(100) { $0 + $1 }.asTestError().subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(101), .value(103), .value(106), .completion(.finished)])
  }

  @Test func eachSubscriptionAccumulatesOnItsOwn() {
    let publisher = [1, 2].publisher.tryScan(0) { $0 + $1 }.asTestError()
    let first = Recorder<Int, TestError>()
    let second = Recorder<Int, TestError>()
    publisher.subscribe(first)
    publisher.subscribe(second)
    #expect(first.events == [.subscription, .value(1), .value(3), .completion(.finished)])
    #expect(second.events == first.events)
  }

  @Test func aThrownErrorCancelsUpstreamAndFailsTheStream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryScan(0) { sum, value in
      if sum + value > 3 { throw TestError.other }
      return sum + value
    }.asTestError().subscribe(recorder)
    for value in 1...3 { upstream.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.failure(.other))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func passesDemandThrough() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(1))
    upstream.tryScan(0) { $0 + $1 }.asTestError().subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.subscription.calls == [.request(.max(2))])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: Just(1).eraseToAnyPublisher().tryScan(0) { $0 + $1 }).description == "TryScan")
  }

  @Test func letsTheDownstreamAndTheClosureGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.tryScan(0) { sum, value in withExtendedLifetime(token) { sum + value } }.asTestError()
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
  }
}
