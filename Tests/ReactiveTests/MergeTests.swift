import Dispatch
import Reactive
import Testing

@Suite struct MergeTests {
  @Test func interleavesValuesAndFinishesOnceBothHave() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.merge(with: b).subscribe(recorder)
    a.send(1)
    b.send(2)
    a.send(3)
    a.send(completion: .finished)
    b.send(4)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
    b.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test func theFirstFailureEndsTheStreamAndCancelsBothUpstreams() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.merge(with: b).subscribe(recorder)
    a.send(1)
    b.send(completion: .failure(.boom))
    a.send(2)
    a.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
    #expect(a.subscription.calls == [.request(.unlimited), .cancel])
    #expect(b.subscription.calls == [.request(.unlimited), .cancel])
  }

  // Follows OpenCombine's MergeTests.testBCancelledAfterAFailed: the upstream that failed is cancelled
  // too.
  @Test func anUpstreamThatFailsIsCancelledWithTheOthers() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.merge(with: b).subscribe(recorder)
    a.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(a.subscription.calls == [.request(.unlimited), .cancel])
    #expect(b.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func withBoundedDemandEachUpstreamIsAskedForOneValueAtATime() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    a.merge(with: b).subscribe(recorder)
    #expect(a.subscription.calls == [.request(.max(1))])
    #expect(b.subscription.calls == [.request(.max(1))])
    #expect(a.send(1) == .max(1))
    #expect(b.send(2) == .none)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    #expect(b.subscription.calls == [.request(.max(1)), .request(.max(1))])
    recorder.request(.unlimited)
    #expect(a.subscription.calls == [.request(.max(1)), .request(.unlimited)])
    #expect(b.subscription.calls == [.request(.max(1)), .request(.max(1)), .request(.unlimited)])
  }

  // Follows OpenCombine's MergeTests.testUpstreamExceedsDemand: an upstream sending beyond its demand
  // keeps one value waiting, its latest, and the waiting values go out in upstream order, not in the
  // order they came.
  @Test func eachUpstreamKeepsItsLatestValueWaitingAndTheyGoOutInUpstreamOrder() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    a.merge(with: b).subscribe(recorder)
    #expect(a.send(100) == .max(1))
    #expect(b.send(1) == .none)
    #expect(recorder.events == [.subscription, .value(100)])
    #expect(a.send(200) == .none)
    #expect(a.send(300) == .none)
    #expect(b.send(2) == .none)
    #expect(recorder.events == [.subscription, .value(100)])
    #expect(b.send(3) == .none)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(100), .value(300)])
  }

  @Test func valuesWaitingForDemandGoOutBeforeTheCompletion() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    a.merge(with: b).subscribe(recorder)
    a.send(1)
    b.send(2)
    a.send(completion: .finished)
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func aValueSentFromInsideReceiveIsDeliveredAfterItNotInsideIt() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    var depth = 0
    var deepest = 0
    var values: [Int] = []
    let cancellable = a.merge(with: b).sink { value in
      depth += 1
      deepest = max(deepest, depth)
      values.append(value)
      if value < 3 {
        b.send(value * 10)
        a.send(value + 1)
      }
      depth -= 1
    }
    a.send(1)
    #expect(values == [1, 10, 2, 20, 3])
    #expect(deepest == 1)
    cancellable.cancel()
  }

  @Test func deliversEveryValueFromConcurrentSendersOneAtATime() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let received = Locked((count: 0, inside: 0, overlaps: 0))
    let cancellable = a.merge(with: b).sink { _ in
      received.withLock {
        $0.inside += 1
        if $0.inside > 1 { $0.overlaps += 1 }
      }
      received.withLock {
        $0.count += 1
        $0.inside -= 1
      }
    }
    let perSender = 5_000
    let group = DispatchGroup()
    for subject in [a, b] {
      DispatchQueue.global().async(group: group) {
        for value in 0..<perSender { subject.send(value) }
      }
    }
    #expect(group.wait(timeout: .now() + 5) == .success)
    #expect(received.value.count == 2 * perSender)
    #expect(received.value.overlaps == 0)
    cancellable.cancel()
  }

  @Test func ignoresEverythingAfterCompletionAndASecondSubscription() {
    let a = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.merge(with: Empty()).subscribe(recorder)
    let second = RecordingSubscription()
    a.send(subscription: second)
    a.send(completion: .finished)
    a.send(1)
    a.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(second.calls == [.cancel])
  }

  // Follows OpenCombine's MergeTests.testMergeReceiveSubscriptionTwice: a second subscription is
  // cancelled, the first too when it comes again, and a cancel still reaches the first.
  @Test func aSecondSubscriptionIsCancelledAndTheFirstIsKept() throws {
    let a = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    a.merge(with: PassthroughSubject()).subscribe(recorder)
    let first = a.giveSubscription()
    #expect(first.calls == [.request(.max(1))])
    let second = a.giveSubscription()
    #expect(second.calls == [.cancel])
    try #require(a.subscriber).receive(subscription: first)
    #expect(first.calls == [.request(.max(1)), .cancel])
    recorder.cancel()
    #expect(first.calls == [.request(.max(1)), .cancel, .cancel])
  }

  @Test func cancellingCancelsBothUpstreams() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.merge(with: b).subscribe(recorder)
    recorder.cancel()
    a.send(1)
    #expect(a.subscription.calls == [.request(.unlimited), .cancel])
    #expect(b.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: PassthroughSubject<Int, Never>().merge(with: Empty()))
    #expect(reflected.description == "Merge")
    #expect(reflected.playground == "Merge")
    #expect(reflected.children.isEmpty)
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      #expect(releaseCheck(ending) { upstream, _ in upstream.merge(with: Empty()) }.downstream, "\(ending)")
    }
  }

  // OpenCombine's MergeTests.testSendsExpectedValues, testNoDemandOnSubscriptionNoCrashes and
  // testIncreasedDemand, at 1b8a26b, whose merges of up to eight are chained merge(with:).
  @Test func mergesOfEveryArityPassOnEachUpstreamsValuesAsTheyCome() {
    for arity in 2...10 {
      let (upstreams, merged) = merge(arity)
      let recorder = Recorder<Int, TestError>()
      merged.subscribe(recorder)
      for index in 0..<arity { #expect(upstreams[index].send(index) == .none, "\(arity)") }
      #expect(recorder.events == [.subscription] + (0..<arity).map { .value($0) }, "\(arity)")
      let noDemand = Recorder<Int, TestError>(request: .none, extra: .max(1))
      let (others, again) = merge(arity)
      again.subscribe(noDemand)
      noDemand.request(.none)
      #expect(others.map { $0.send(1) } == Array(repeating: .none, count: arity), "\(arity)")
      #expect(noDemand.events == [.subscription], "\(arity)")
    }
  }

  // OpenCombine's MergeTests.getChildrenAndMergeForArity, at 1b8a26b: Combine's Merge3 to Merge7 each
  // merge with one more publisher into the next arity.
  @Test func aMergeOfThreeToSevenMergedWithOneMoreIsTheNextArity() {
    let u = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
    let four: Publishers.Merge4 = Publishers.Merge3(u[0], u[1], u[2]).merge(with: u[3])
    let five: Publishers.Merge5 = four.merge(with: u[4])
    let six: Publishers.Merge6 = five.merge(with: u[5])
    let seven: Publishers.Merge7 = six.merge(with: u[6])
    let eight: Publishers.Merge8 = seven.merge(with: u[7])
    #expect(eight.h === u[7] && eight.g === u[6] && eight.a === u[0])
  }

  // Combine's Merge to Merge6 take several more publishers at once into one merge of them all
  // (OpenCombine's Publishers.Merge, at 80f2658, declares these as Combine does): before, the
  // publisher-wide merge(with:_:...) made a merge of the merge and the others.
  @Test func aMergeOfTwoToSixMergedWithSeveralMoreIsOneMergeOfThemAll() {
    let u = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
    let two = Publishers.Merge(u[0], u[1])
    let _: Publishers.Merge4 = two.merge(with: u[2], u[3])
    let _: Publishers.Merge5 = two.merge(with: u[2], u[3], u[4])
    let _: Publishers.Merge6 = two.merge(with: u[2], u[3], u[4], u[5])
    let _: Publishers.Merge7 = two.merge(with: u[2], u[3], u[4], u[5], u[6])
    let eight: Publishers.Merge8 = two.merge(with: u[2], u[3], u[4], u[5], u[6], u[7])
    let three = Publishers.Merge3(u[0], u[1], u[2])
    let _: Publishers.Merge5 = three.merge(with: u[3], u[4])
    let _: Publishers.Merge6 = three.merge(with: u[3], u[4], u[5])
    let _: Publishers.Merge7 = three.merge(with: u[3], u[4], u[5], u[6])
    let _: Publishers.Merge8 = three.merge(with: u[3], u[4], u[5], u[6], u[7])
    let four = Publishers.Merge4(u[0], u[1], u[2], u[3])
    let _: Publishers.Merge6 = four.merge(with: u[4], u[5])
    let _: Publishers.Merge7 = four.merge(with: u[4], u[5], u[6])
    let _: Publishers.Merge8 = four.merge(with: u[4], u[5], u[6], u[7])
    let five = Publishers.Merge5(u[0], u[1], u[2], u[3], u[4])
    let _: Publishers.Merge7 = five.merge(with: u[5], u[6])
    let _: Publishers.Merge8 = five.merge(with: u[5], u[6], u[7])
    let six = Publishers.Merge6(u[0], u[1], u[2], u[3], u[4], u[5])
    let _: Publishers.Merge8 = six.merge(with: u[6], u[7])
    let recorder = Recorder<Int, Never>()
    eight.subscribe(recorder)
    for index in (0..<8).reversed() { u[index].send(index) }
    #expect(recorder.values == [7, 6, 5, 4, 3, 2, 1, 0])
    #expect(eight.a === u[0] && eight.c === u[2] && eight.h === u[7])
  }

  // Combine merges a publisher with another of its own type into a MergeMany (OpenCombine's
  // GENERATED-Publishers.Merge, at 80f2658, declares `merge(with other: Self) -> MergeMany<Self>` as
  // Combine does), which one more of that type joins: before, it was a Merge, and one more a Merge3.
  @Test func aPublisherMergedWithAnotherOfItsTypeIsAMergeMany() {
    let u = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    let two: Publishers.MergeMany<PassthroughSubject<Int, Never>> = u[0].merge(with: u[1])
    let three: Publishers.MergeMany<PassthroughSubject<Int, Never>> = two.merge(with: u[2])
    #expect(three.publishers.count == 3 && three.publishers[2] === u[2])
    let recorder = Recorder<Int, Never>()
    three.subscribe(recorder)
    u[2].send(2)
    u[0].send(0)
    for subject in u { subject.send(completion: .finished) }
    #expect(recorder.events == [.subscription, .value(2), .value(0), .completion(.finished)])
  }

  // OpenCombine's MergeTests.testChildDemand, at 1b8a26b.
  @Test func eachUpstreamIsAskedForOneValueAtFirstAndMoreAsTheDownstreamAsks() {
    for demand in [Subscribers.Demand.unlimited, .max(1), .max(10)] {
      let (upstreams, merged) = merge(2)
      let recorder = Recorder<Int, TestError>(request: .none)
      merged.subscribe(recorder)
      recorder.request(demand)
      let asked: [RecordingSubscription.Call] =
        demand == .unlimited ? [.request(.max(1)), .request(.unlimited)] : [.request(.max(1))]
      for upstream in upstreams { #expect(upstream.subscription.calls == asked, "\(demand)") }
      let answers = upstreams.map { $0.send(1) }
      let expected: [Subscribers.Demand] =
        demand == .unlimited ? [.none, .none] : demand == .max(1) ? [.max(1), .none] : [.max(1), .max(1)]
      #expect(answers == expected, "\(demand)")
      for upstream in upstreams { #expect(upstream.subscription.calls == asked, "\(demand)") }
      #expect(recorder.values == (demand == .max(1) ? [1] : [1, 1]), "\(demand)")
      recorder.request(.max(2))
      #expect(upstreams.map { $0.send(1) } == expected, "\(demand)")
    }
  }

  // OpenCombine's MergeTests.testDownstreamDemandRequestedWhileSendingValue, at 1b8a26b.
  @Test func aRequestFromInsideDeliveryIsAddedToTheDemandNotPassedOn() {
    for demand in [Subscribers.Demand.unlimited, .max(1), .max(10)] {
      let (upstreams, merged) = merge(2)
      let holder = Locked<Recorder<Int, TestError>?>(nil)
      let recorder = Recorder<Int, TestError>(request: demand) { _ in holder.value?.request(.max(666)) }
      holder.withLock { $0 = recorder }
      merged.subscribe(recorder)
      let answer: Subscribers.Demand = demand == .unlimited ? .none : .max(1)
      #expect(upstreams.map { $0.send(1) } == [answer, answer], "\(demand)")
      let asked: RecordingSubscription.Call = demand == .unlimited ? .request(.unlimited) : .request(.max(1))
      for upstream in upstreams { #expect(upstream.subscription.calls == [asked], "\(demand)") }
      holder.withLock { $0 = nil }
    }
  }

  // OpenCombine's MergeTests.testMergeCompletesOnlyAfterAllChildrenComplete, at 1b8a26b.
  @Test func upstreamsSharingOneSubscriptionAreEachAskedAndFinishTogether() {
    let a = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.merge(with: a).subscribe(recorder)
    #expect(a.send(100) == .none)
    a.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(100), .value(100), .completion(.finished)])
    #expect(a.subscription.calls == [.request(.unlimited), .request(.unlimited)])
  }

  // OpenCombine's MergeTests.testImmediateFinishWhenOneChildFinishesWithNoSurplus and
  // testDelayedFinishWhenOneChildFinishesWithSurplus, at 1b8a26b.
  @Test func oneUpstreamsFinishEndsNothingTillAllHaveFinished() {
    for arity in 2...10 {
      for finishing in 0..<arity {
        let (upstreams, merged) = merge(arity)
        let recorder = Recorder<Int, TestError>()
        merged.subscribe(recorder)
        upstreams[(finishing + 1) % arity].send(666)
        upstreams[finishing].send(completion: .finished)
        #expect(recorder.events == [.subscription, .value(666)], "\(arity) \(finishing)")
        for upstream in upstreams { #expect(upstream.subscription.calls == [.request(.unlimited)]) }
        for index in 0..<arity where index != finishing { upstreams[index].send(completion: .finished) }
        #expect(recorder.events == [.subscription, .value(666), .completion(.finished)], "\(arity)")
      }
    }
  }

  // OpenCombine's MergeTests testAValueAfterAChildFinishedWithoutSurplus, the B form and the two
  // WithSurplus forms, testValueAfterFailed, testFinishAfterFinished, testFinishAfterFailed,
  // testFailedAfterFinished and testFailedAfterFailed, at 1b8a26b.
  @Test func subjectsThatEndedSendNothingMoreAndAfterTheEndNothingIsPassedOn() {
    for early in [false, true] {
      let a = PassthroughSubject<Int, TestError>()
      let b = PassthroughSubject<Int, TestError>()
      let recorder = Recorder<Int, TestError>()
      a.merge(with: b).subscribe(recorder)
      if early { a.send(100) }
      a.send(completion: .finished)
      a.send(200)
      b.send(1)
      b.send(completion: .finished)
      a.send(completion: .failure(.boom))
      #expect(recorder.values == (early ? [100, 1] : [1]))
      #expect(recorder.events.last == .completion(.finished))
    }
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.merge(with: b).subscribe(recorder)
    a.send(100)
    a.send(completion: .failure(.boom))
    a.send(completion: .finished)
    b.send(1)
    b.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .value(100), .completion(.failure(.boom))])
  }

  // OpenCombine's MergeTests.testMergeCurrentValueSubject, at 1b8a26b.
  @Test func aSequenceMergedWithACurrentValueSubjectSendsItsValuesFirst() {
    let recorder = Recorder<Int, Never>()
    [42].publisher.merge(with: CurrentValueSubject<Int, Never>(0)).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(42), .value(0)])
  }

  /// `arity` hand-driven upstreams and their merge: chained `merge(with:)` up to eight, as Combine's
  /// allows, and `MergeMany` past that.
  private func merge(_ arity: Int) -> ([ManualPublisher<Int, TestError>], AnyPublisher<Int, TestError>) {
    let u = (0..<arity).map { _ in ManualPublisher<Int, TestError>() }
    switch arity {
    case 2: return (u, u[0].merge(with: u[1]).eraseToAnyPublisher())
    case 3: return (u, u[0].merge(with: u[1]).merge(with: u[2]).eraseToAnyPublisher())
    case 4: return (u, u[0].merge(with: u[1]).merge(with: u[2]).merge(with: u[3]).eraseToAnyPublisher())
    case 5:
      return (
        u, u[0].merge(with: u[1]).merge(with: u[2]).merge(with: u[3]).merge(with: u[4]).eraseToAnyPublisher()
      )
    case 6:
      return (
        u,
        u[0].merge(with: u[1]).merge(with: u[2]).merge(with: u[3]).merge(with: u[4]).merge(with: u[5])
          .eraseToAnyPublisher()
      )
    case 7:
      return (
        u,
        u[0].merge(with: u[1]).merge(with: u[2]).merge(with: u[3]).merge(with: u[4]).merge(with: u[5])
          .merge(with: u[6]).eraseToAnyPublisher()
      )
    case 8:
      return (
        u,
        u[0].merge(with: u[1]).merge(with: u[2]).merge(with: u[3]).merge(with: u[4]).merge(with: u[5])
          .merge(with: u[6]).merge(with: u[7]).eraseToAnyPublisher()
      )
    default: return (u, Publishers.MergeMany(u).eraseToAnyPublisher())
    }
  }
}
