import Reactive
import Testing

@Suite struct CompactMapTests {
  @Test func passesOnNonNilResults() {
    let subject = PassthroughSubject<String, Never>()
    let recorder = Recorder<Int, Never>()
    subject.compactMap { Int($0) }.subscribe(recorder)
    for text in ["1", "x", "3", ""] { subject.send(text) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.finished)])
  }

  @Test func droppedValuesDoNotUseDownstreamDemand() {
    let subject = PassthroughSubject<String, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.compactMap { Int($0) }.subscribe(recorder)
    for text in ["a", "1", "b", "c", "2", "3"] { subject.send(text) }
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func forwardsFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.compactMap { $0 > 1 ? $0 : nil }.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(2), .completion(.failure(.boom))])
  }
}

extension CompactMapTests {
  // OpenCombine's CompactMapTests testCompactMapBasicBehavior, testCompactMapUpstreamFinishesImmediately
  // and testCompactMapUpstreamFinishesWithError, at 1b8a26b: a nil result is answered with one more, a
  // value passed on with the downstream's demand; every completion passes, and a value after them is
  // still transformed and passed on; the upstream is asked nothing of the operator's own.
  @Test func answersANilResultWithOneMoreAndPassesEverythingOnAfterTheCompletions() {
    let upstream = ManualPublisher<String, TestError>()
    let calls = Locked(0)
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(4))
    upstream.compactMap { text -> Int? in
      calls.withLock { $0 += 1 }
      return Int(text)
    }.subscribe(recorder)
    #expect(
      ["1", "2", "a", "6", "b", "b", "12.4"].map { upstream.send($0) } == [
        .max(4), .max(4), .max(1), .max(4), .max(1), .max(1), .max(1),
      ])
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send("42") == .max(4))
    upstream.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(1), .value(2), .value(6), .completion(.finished), .completion(.failure(.boom)),
        .value(42), .completion(.finished),
      ])
    #expect(upstream.subscription.calls == [.request(.max(2))])
    #expect(calls.value == 8)
  }

  // OpenCombine's CompactMapTests testCompactMapDemand and testCompactMapNoDemand, at 1b8a26b.
  @Test func passesEveryRequestAndCancelToTheUpstreamAsTheSubscriptionIsTheUpstreams() throws {
    let silent = ManualPublisher<Int, TestError>()
    silent.compactMap { $0 }.subscribe(Recorder<Int, TestError>(request: .none))
    #expect(silent.subscription.calls == [])

    let upstream = ManualPublisher<String, TestError>()
    let keeper = DemandKeeper<Int, TestError>(request: .max(5), extra: .max(3))
    upstream.compactMap { Int($0) }.subscribe(keeper)
    #expect(upstream.send("a") == .max(1))
    #expect(upstream.send("1") == .max(3))
    let subscription = try #require(keeper.subscription)
    subscription.request(.max(15))
    subscription.cancel()
    subscription.cancel()
    subscription.request(.max(3))
    #expect(upstream.send("8") == .max(3))
    #expect(
      upstream.subscription.calls == [
        .request(.max(5)), .request(.max(15)), .cancel, .cancel, .request(.max(3)),
      ])
    #expect(keeper.events == [.subscription, .value(1), .value(8)])
  }

  // OpenCombine's CompactMapTests.testCompactMapLifecycle (cancellingSubscriptionReleasesSubscriber:
  // true), at 1b8a26b.
  @Test func fedByASubjectLetsItsDownstreamGoAtEachEndingAndKeepsItWhileTheSubscriptionLasts() {
    for ending in [StreamEnding?.none, .cancel, .finish, .fail] {
      let released = subjectFedReleaseCheck(ending, sending: "31") { subject, token in
        subject.compactMap { text in withExtendedLifetime(token) { Int(text) } }
      }
      #expect(released == (ending != nil, ending != nil), "\(String(describing: ending))")
    }
  }
}
