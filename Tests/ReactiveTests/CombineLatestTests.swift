import Dispatch
import Reactive
import Testing

@Suite struct CombineLatestTests {
  @Test func combinesTheLatestValuesOnceEachUpstreamHasSentOne() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    a.send(1)
    a.send(2)
    b.send(2)
    a.send(3)
    a.send(45)
    b.send(22)
    #expect(
      recorder.events == [.subscription, .value("2,2"), .value("3,2"), .value("45,2"), .value("45,22")])
  }

  @Test func combinesWithATransform() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    a.combineLatest(b) { $0 * $1 }.subscribe(recorder)
    a.send(2)
    b.send(2)
    a.send(9)
    b.send(12)
    #expect(recorder.values == [4, 18, 108])
  }

  @Test func finishesOnceBothHaveFinishedStillCombiningWithAFinishedUpstreamsLastValue() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    a.send(1)
    a.send(completion: .finished)
    b.send(5)
    b.send(6)
    #expect(recorder.events == [.subscription, .value("1,5"), .value("1,6")])
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("1,5"), .value("1,6"), .completion(.finished)])
  }

  @Test func theFirstFailureEndsTheStreamAndCancelsTheOther() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    a.send(1)
    b.send(completion: .failure(.boom))
    a.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(a.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func everyRequestGoesToEveryUpstreamAndACombinationWaitsForDemand() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>(request: .max(2))
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    #expect(a.subscription.calls == [.request(.max(2))])
    #expect(b.subscription.calls == [.request(.max(2))])
    // Each upstream sends no more than the two values it was asked for.
    a.send(1)
    b.send(10)
    a.send(2)
    b.send(20)
    #expect(recorder.events == [.subscription, .value("1,10"), .value("2,10")])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value("1,10"), .value("2,10"), .value("2,20")])
    #expect(a.subscription.calls == [.request(.max(2)), .request(.max(1))])
    #expect(b.subscription.calls == [.request(.max(2)), .request(.max(1))])
  }

  // OpenCombine's CombineLatestTests.testUpstreamValueReceivedWhileSendingValue (at a7315a9, the
  // version stored): a value an upstream sends from inside the downstream's receive makes no
  // combination, then or after, and the source's call is answered with no demand. That the value
  // still becomes the source's latest, for the next combination, is Combine's documented buffer of
  // one latest value per upstream.
  @Test func aValueSentFromInsideTheDownstreamsReceiveMakesNoCombination() {
    let a = ManualPublisher<Int, Never>()
    let b = ManualPublisher<Int, Never>()
    let nestedDemand = Locked<[Subscribers.Demand]>([])
    let recorder = Recorder<Int, Never>(onValue: { value in
      if value == 2 { nestedDemand.append(a.send(5)) }
    })
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    #expect(a.send(1) == .none)
    #expect(b.send(1) == .none)
    #expect(recorder.values == [2])
    #expect(nestedDemand.value == [.none])
    b.send(10)
    #expect(recorder.values == [2, 15])
  }

  // The same downstream, sending from every value it receives, no longer feeds itself for ever.
  @Test func aDownstreamThatSendsFromEveryValueStops() {
    let a = ManualPublisher<Int, Never>()
    let b = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(onValue: { value in
      if value < 1_000 { a.send(value) }
    })
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    a.send(1)
    b.send(1)
    #expect(recorder.values == [2])
    b.send(1)
    #expect(recorder.values == [2, 3])
  }

  @Test func cancellingCancelsBothUpstreams() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    recorder.cancel()
    a.send(1)
    b.send(1)
    #expect(recorder.events == [.subscription])
    #expect(a.subscription.calls.last == .cancel)
    #expect(b.subscription.calls.last == .cancel)
  }

  @Test func concurrentUpstreamsNeverOverlapAndTheLastCombinationHasBothLastValues() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let received = Locked((last: (0, 0), inside: 0, overlaps: 0, finished: false))
    let cancellable = a.combineLatest(b).sink(
      receiveCompletion: { _ in received.withLock { $0.finished = true } },
      receiveValue: { pair in
        received.withLock {
          $0.inside += 1
          if $0.inside > 1 { $0.overlaps += 1 }
          $0.last = pair
        }
        received.withLock { $0.inside -= 1 }
      })
    let group = DispatchGroup()
    for subject in [a, b] {
      DispatchQueue.global().async(group: group) {
        for value in 1...3_000 { subject.send(value) }
        subject.send(completion: .finished)
      }
    }
    #expect(group.wait(timeout: .now() + 5) == .success)
    #expect(received.value.overlaps == 0)
    #expect(received.value.last == (3_000, 3_000))
    #expect(received.value.finished)
    cancellable.cancel()
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: Just(1).combineLatest(Just(2)))
    #expect(reflected.description == "CombineLatest")
    #expect(reflected.children.isEmpty)
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.combineLatest(Just(0).setFailureType(to: TestError.self)) { $0 + $1 }
      }
      #expect(released.downstream, "\(ending)")
    }
  }

  /// Two to four hand-driven upstreams and their combineLatest, which sums the latest values.
  private func summedCombineLatest(of arity: Int) -> (
    [ManualPublisher<Int, TestError>], AnyPublisher<Int, TestError>
  ) {
    let upstreams = (0..<arity).map { _ in ManualPublisher<Int, TestError>() }
    switch arity {
    case 2: return (upstreams, upstreams[0].combineLatest(upstreams[1]) { $0 + $1 }.eraseToAnyPublisher())
    case 3:
      return (
        upstreams,
        upstreams[0].combineLatest(upstreams[1], upstreams[2]) { $0 + $1 + $2 }.eraseToAnyPublisher()
      )
    default:
      return (
        upstreams,
        upstreams[0].combineLatest(upstreams[1], upstreams[2], upstreams[3]) { $0 + $1 + $2 + $3 }
          .eraseToAnyPublisher()
      )
    }
  }

  // OpenCombine's CombineLatestTests.testSendsExpectedValues, at a7315a9 (the version stored): a
  // value from each of two to four upstreams makes one combination.
  @Test(arguments: 2...4)
  func aValueFromEachUpstreamMakesOneCombination(arity: Int) {
    let (upstreams, combined) = summedCombineLatest(of: arity)
    let recorder = Recorder<Int, TestError>()
    combined.subscribe(recorder)
    for upstream in upstreams { #expect(upstream.send(1) == .none) }
    #expect(recorder.events == [.subscription, .value(arity)])
  }

  // OpenCombine's CombineLatestTests.testChildDemand, at a7315a9 (the version stored): each request
  // is passed to every upstream as it is, after an unlimited one too, and a combination asks for
  // nothing more.
  @Test(arguments: [Subscribers.Demand.unlimited, .max(1)])
  func passesEveryRequestToEveryUpstreamAsItIs(initial: Subscribers.Demand) {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    recorder.request(initial)
    #expect(a.subscription.calls == [.request(initial)])
    #expect(b.subscription.calls == [.request(initial)])
    #expect(a.send(1) == .none)
    #expect(b.send(1) == .none)
    #expect(a.subscription.calls == [.request(initial)])
    #expect(b.subscription.calls == [.request(initial)])
    #expect(recorder.events == [.subscription, .value(2)])
    recorder.request(.max(2))
    #expect(a.subscription.calls == [.request(initial), .request(.max(2))])
    #expect(b.subscription.calls == [.request(initial), .request(.max(2))])
  }

  // OpenCombine's CombineLatestTests.testDownstreamDemandRequestedWhileSendingValue, at a7315a9 (the
  // version stored): a request made while a combination is delivered is passed to every upstream,
  // and the call that delivered it is answered with no demand (zip's goes back as that call's).
  @Test(arguments: [Subscribers.Demand.unlimited, .max(10)])
  func aRequestMadeWhileACombinationIsDeliveredGoesToEveryUpstream(initial: Subscribers.Demand) {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: initial)
    a.combineLatest(b) { $0 + $1 }.subscribe(
      AnySubscriber<Int, TestError>(
        receiveSubscription: { recorder.receive(subscription: $0) },
        receiveValue: { value in
          _ = recorder.receive(value)
          recorder.request(.max(666))
          return .none
        },
        receiveCompletion: { recorder.receive(completion: $0) }))
    #expect(a.send(1) == .none)
    #expect(b.send(1) == .none)
    #expect(a.subscription.calls == [.request(initial), .request(.max(666))])
    #expect(b.subscription.calls == [.request(initial), .request(.max(666))])
  }

  // OpenCombine's CombineLatestTests.testUpstreamFinishReceivedWhileSendingValue, at a7315a9 (the
  // version stored): an upstream finishing while a combination is delivered ends nothing while
  // another has not finished.
  @Test func anUpstreamFinishingWhileACombinationIsDeliveredEndsNothing() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(onValue: { _ in a.send(completion: .finished) })
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    #expect(a.send(1) == .none)
    #expect(a.send(1) == .none)
    #expect(b.send(1) == .none)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  // OpenCombine's CombineLatestTests.testCombineLatestCompletesOnlyAfterAllChildrenComplete, at
  // a7315a9 (the version stored): the first combination takes each upstream's latest value; a
  // finished upstream's last value goes on being combined; the stream finishes when every upstream
  // has, and no upstream is cancelled.
  @Test func finishesWhenEveryUpstreamHasFinishedCancellingNone() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    for value in [100, 200, 300] { #expect(a.send(value) == .none) }
    #expect(b.send(1) == .none)
    a.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(301)])
    #expect(b.send(2) == .none)
    #expect(b.send(3) == .none)
    #expect(recorder.events == [.subscription, .value(301), .value(302), .value(303)])
    b.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(301), .value(302), .value(303), .completion(.finished)])
    #expect(a.subscription.calls == [.request(.unlimited)])
    #expect(b.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's CombineLatestTests.testImmediateFinishWhenOneChildFinishesWithNoSurplus, at
  // a7315a9 (the version stored): an upstream finishing before it sent anything ends nothing and
  // cancels nothing, whichever it is.
  @Test(arguments: 2...4)
  func anUpstreamFinishingBeforeItSentAnythingEndsNothing(arity: Int) {
    for finishing in 0..<arity {
      let (upstreams, combined) = summedCombineLatest(of: arity)
      let recorder = Recorder<Int, TestError>()
      combined.subscribe(recorder)
      upstreams[finishing].send(completion: .finished)
      #expect(recorder.events == [.subscription], "\(finishing)")
      for (index, upstream) in upstreams.enumerated() {
        #expect(upstream.subscription.calls == [.request(.unlimited)], "\(finishing) \(index)")
      }
    }
  }

  // OpenCombine's CombineLatestTests.testDelayedFinishWhenOneChildFinishesWithSurplus, at a7315a9
  // (the version stored): whether or not the finishing upstream had sent a value, the stream
  // finishes only once every upstream has.
  @Test(arguments: 2...4)
  func theStreamFinishesOnlyOnceEveryUpstreamHas(arity: Int) {
    for sending in 0..<arity {
      for finishing in 0..<arity {
        let (upstreams, combined) = summedCombineLatest(of: arity)
        let recorder = Recorder<Int, TestError>()
        combined.subscribe(recorder)
        upstreams[sending].send(666)
        upstreams[finishing].send(completion: .finished)
        #expect(recorder.events == [.subscription], "\(sending) \(finishing)")
        if sending == finishing {
          for (index, upstream) in upstreams.enumerated() where index != finishing {
            upstream.send(completion: .finished)
          }
          #expect(recorder.events == [.subscription, .completion(.finished)], "\(sending) \(finishing)")
        }
      }
    }
  }

  // OpenCombine's CombineLatestTests.testBCancelledAfterAFailed, at a7315a9 (the version stored): a
  // failure cancels the other upstreams, not the one that failed.
  @Test func aFailureCancelsTheOtherUpstreamsNotTheOneThatFailed() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    a.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(a.subscription.calls == [.request(.unlimited)])
    #expect(b.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's CombineLatestTests testAValueAfterAChildFinishedWithoutSurplus and
  // testBValueAfterAChildFinishedWithoutSurplus, at a7315a9 (the version stored): after an
  // upstream finished having sent nothing, the other's values make no combination, and the stream
  // finishes when the other does.
  @Test func anUpstreamThatFinishedHavingSentNothingLeavesTheOthersValuesUncombined() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    a.send(completion: .finished)
    a.send(200)
    b.send(1)
    #expect(recorder.events == [.subscription])
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  // OpenCombine's CombineLatestTests testAValueAfterAChildFinishedWithSurplus and
  // testBValueAfterAChildFinishedWithSurplus, at a7315a9 (the version stored): a finished
  // upstream's last value is combined with the other's next, and the stream finishes when the other
  // does.
  @Test func aFinishedUpstreamsLastValueIsCombinedUntilTheOtherFinishes() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    a.send(100)
    a.send(completion: .finished)
    a.send(200)
    #expect(recorder.events == [.subscription])
    b.send(1)
    #expect(recorder.events == [.subscription, .value(101)])
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(101), .completion(.finished)])
  }

  // OpenCombine's CombineLatestTests testValueAfterFailed, testFinishAfterFinished,
  // testFinishAfterFailed, testFailedAfterFinished and testFailedAfterFailed, at a7315a9 (the
  // version stored): after the stream ended, values and completions from either upstream are
  // ignored.
  @Test func onlyTheFirstEndCounts() {
    let endings: [[Subscribers.Completion<TestError>]] = [
      [.finished, .finished], [.failure(.boom)], [.failure(.boom), .finished],
    ]
    for ending in endings {
      let a = ManualPublisher<Int, TestError>()
      let b = ManualPublisher<Int, TestError>()
      let recorder = Recorder<Int, TestError>()
      a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
      a.send(100)
      a.send(completion: ending[0])
      if ending.count > 1 { b.send(completion: ending[1]) }
      b.send(1)
      a.send(completion: .finished)
      a.send(completion: .failure(.other))
      b.send(completion: .failure(.other))
      #expect(recorder.events == [.subscription, .completion(ending[0])], "\(ending)")
    }
  }

  // OpenCombine's CombineLatestTests.testCombineLatestCurrentValueSubject, at a7315a9 (the version
  // stored): a sequence's value is combined with a current-value subject's current value, and the
  // stream does not finish while the subject has not.
  @Test func combinesASequenceWithACurrentValueSubjectsCurrentValueAndWaitsForTheSubject() {
    let subject = CurrentValueSubject<String, Never>("now")
    let recorder = Recorder<String, Never>()
    [42].publisher.combineLatest(subject).map { "\($0) \($1)" }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value("42 now")])
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("42 now"), .completion(.finished)])
  }

  // OpenCombine's CombineLatestTests.testCombineLatestReferenceIssue, at a7315a9 (the version
  // stored), on a virtual clock: two delayed publishers are combined once both have delivered.
  @Test func combinesTwoDelayedPublishers() {
    let scheduler = DispatchQueue.test
    let recorder = Recorder<String, Never>()
    Publishers.CombineLatest(
      Just(1).delay(for: .milliseconds(600), scheduler: scheduler),
      Just(2).delay(for: .milliseconds(600), scheduler: scheduler)
    ).map { "\($0)-\($1)" }.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .milliseconds(600))
    #expect(recorder.events == [.subscription, .value("1-2"), .completion(.finished)])
  }

  // OpenCombine's CombineLatestTests.testCombineLatestDocumentationDemo, at a7315a9 (the version
  // stored): the example in Combine's documentation of combining four publishers.
  @Test func combinesFourPublishersAsCombinesDocumentationShows() {
    let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = Recorder<Int, Never>()
    subjects[0].combineLatest(subjects[1], subjects[2], subjects[3]) { $0 * $1 * $2 * $3 }.subscribe(recorder)
    subjects[0].send(1)
    subjects[0].send(2)
    subjects[1].send(2)
    subjects[2].send(9)
    #expect(recorder.values == [])
    subjects[3].send(1)
    #expect(recorder.values == [36])
    subjects[0].send(3)
    subjects[1].send(12)
    subjects[0].send(13)
    subjects[2].send(19)
    #expect(recorder.values == [36, 54, 324, 1404, 2964])
  }
}
