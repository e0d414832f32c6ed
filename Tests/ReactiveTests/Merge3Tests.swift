import Reactive
import Testing

@Suite struct Merge3Tests {
  @Test func interleavesThreeUpstreamsAndFinishesOnceAllHave() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let c = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.merge(with: b, c).subscribe(recorder)
    a.send(1)
    b.send(40)
    c.send(90)
    a.send(completion: .finished)
    b.send(completion: .finished)
    c.send(100)
    c.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(1), .value(40), .value(90), .value(100), .completion(.finished),
      ])
  }

  @Test func aMergeMergedWithAnotherIsAMerge3() {
    let recorder = Recorder<Int, Never>()
    // Of two types: a publisher merged with one of its own type is a MergeMany, as in Combine.
    let merged: Publishers.Merge3 = Just(1).merge(with: [2].publisher).merge(with: Just(3))
    merged.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  // As OpenCombine's MergeTests.testBCancelledAfterAFailed: the upstream that failed is cancelled too.
  @Test func theFirstFailureCancelsEveryUpstream() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let c = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.merge(with: b, c).subscribe(recorder)
    b.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(a.subscription.calls.last == .cancel)
    #expect(b.subscription.calls.last == .cancel)
    #expect(c.subscription.calls.last == .cancel)
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: Just(1).merge(with: Just(2), Just(3))).description == "Merge")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in upstream.merge(with: Empty(), Empty()) }
      #expect(released.downstream, "\(ending)")
    }
  }
}
