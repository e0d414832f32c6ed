import Reactive
import Testing

@Suite struct FirstWhereTests {
  @Test func passesOnTheFirstMatchingValueThenFinishesAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.first { $0 > 1 }.subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func finishesWithoutAValueWhenNothingMatches() {
    let recorder = Recorder<Int, Never>()
    [1, 2, 3].publisher.first { $0 > 5 }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  // Combine asks upstream for everything as soon as it is subscribed and holds the match until the
  // downstream asks for it, testing nothing after the match (OpenCombine's
  // FirstTests.testFirstWhereDemand and testFirstWhereRequestsUnlimitedThenSendsSubscription).
  @Test func asksUpstreamForEverythingAtOnceAndHoldsTheMatchUntilAsked() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    let tested = Locked(0)
    upstream.first {
      tested.withLock { $0 += 1 }
      return $0 > 1
    }.subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    for value in 0...3 { #expect(upstream.send(value) == .none) }
    #expect(tested.value == 3)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func aFailureBeforeAMatchIsPassedOn() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.first { $0 > 5 }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().first { _ in true }).description == "TryFirst")
  }

  @Test func letsTheDownstreamAndThePredicateGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.first { _ in withExtendedLifetime(token) { false } }
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
  }
}
