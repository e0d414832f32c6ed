import Reactive
import Testing

@Suite struct FilterTests {
  @Test func passesOnlyIncludedValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.filter { $0.isMultiple(of: 2) }.subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .value(4), .completion(.finished)])
  }

  @Test func droppedValuesDoNotUseDownstreamDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.filter { $0.isMultiple(of: 2) }.subscribe(recorder)
    for value in 1...7 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(2), .value(4)])
  }

  @Test func droppedValuesDoNotUseDemandOfACurrentValueSubject() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let recorder = Recorder<Int, Never>(request: .max(1))
    subject.filter { $0 > 2 }.subscribe(recorder)
    subject.send(2)
    subject.send(3)
    subject.send(4)
    #expect(recorder.events == [.subscription, .value(3)])
  }

  @Test func forwardsFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.filter { _ in false }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
  }
}

extension FilterTests {
  // OpenCombine's FilterTests testFilterBasicBehavior, testFilterUpstreamFinishesImmediately and
  // testFilterUpstreamFinishesWithError, at 1b8a26b: a value left out is answered with one more, a
  // value passed on with the downstream's demand; every completion passes, and a value after them
  // is still filtered and passed on; the upstream is asked nothing of the filter's own.
  @Test func answersAValueLeftOutWithOneMoreAndPassesEverythingOnAfterTheCompletions() {
    let upstream = ManualPublisher<Int, TestError>()
    let calls = Locked(0)
    let recorder = Recorder<Int, TestError>(request: .max(2), extra: .max(4))
    upstream.filter { value in
      calls.withLock { $0 += 1 }
      return value.isMultiple(of: 2)
    }.subscribe(recorder)
    #expect((1...5).map { upstream.send($0) } == [.max(1), .max(4), .max(1), .max(4), .max(1)])
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(6) == .max(4))
    upstream.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(2), .value(4), .completion(.finished), .completion(.failure(.boom)),
        .value(6), .completion(.finished),
      ])
    #expect(upstream.subscription.calls == [.request(.max(2))])
    #expect(calls.value == 6)
  }

  // OpenCombine's FilterTests testFilterDemand and testFilterNoDemand, at 1b8a26b: the downstream's
  // requests and cancels go straight to the upstream, each of them, after a cancel too, and a value
  // after the cancel is still answered with the downstream's demand.
  @Test func passesEveryRequestAndCancelToTheUpstreamAsTheSubscriptionIsTheUpstreams() throws {
    let silent = ManualPublisher<Int, TestError>()
    silent.filter { _ in true }.subscribe(Recorder<Int, TestError>(request: .none))
    #expect(silent.subscription.calls == [])

    let upstream = ManualPublisher<String, TestError>()
    let keeper = DemandKeeper<String, TestError>(request: .max(5), extra: .max(3))
    upstream.filter { Int($0) != nil }.subscribe(keeper)
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
    #expect(keeper.events == [.subscription, .value("1"), .value("8")])
  }

  // OpenCombine's FilterTests.testFilterLifecycle (cancellingSubscriptionReleasesSubscriber: true),
  // at 1b8a26b.
  @Test func fedByASubjectLetsItsDownstreamGoAtEachEndingAndKeepsItWhileTheSubscriptionLasts() {
    for ending in [StreamEnding?.none, .cancel, .finish, .fail] {
      let released = subjectFedReleaseCheck(ending, sending: 31) { subject, token in
        subject.filter { _ in withExtendedLifetime(token) { true } }
      }
      #expect(released == (ending != nil, ending != nil), "\(String(describing: ending))")
    }
  }
}
