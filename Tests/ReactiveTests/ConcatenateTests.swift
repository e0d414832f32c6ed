import Reactive
import Testing

@Suite struct ConcatenateTests {
  @Test func passesOnThePrefixThenSubscribesTheSuffixForWhatIsStillOwed() {
    let first = HandDrivenPublisher<Int, TestError>()
    let second = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(10), extra: .max(1))
    first.append(second).subscribe(recorder)
    let firstSubscription = first.giveSubscription()
    #expect(firstSubscription.calls == [.request(.max(10))])
    #expect(second.subscriber == nil)
    for value in 1...3 { #expect(first.send(value) == .max(1)) }
    first.send(completion: .finished)
    let secondSubscription = second.giveSubscription()
    #expect(secondSubscription.calls == [.request(.max(10))])
    #expect(first.send(4000) == .none)
    #expect(second.send(5) == .max(1))
    second.send(completion: .finished)
    second.send(completion: .failure(.boom))
    #expect(second.send(7) == .none)
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(5), .completion(.finished)])
    #expect(second.giveSubscription().calls == [.cancel])
  }

  @Test func demandAskedWhileTheSuffixSubscribesIsAskedOfIt() {
    let first = HandDrivenPublisher<Int, TestError>()
    let second = HandDrivenPublisher<Int, TestError>()
    let keeper = SubscriptionKeeper<Int, TestError>()
    first.append(second).subscribe(keeper)
    first.giveSubscription()
    first.send(completion: .finished)
    keeper.subscription?.request(.max(7))
    #expect(second.giveSubscription().calls == [.request(.unlimited)])
  }

  @Test func aPrefixFailureEndsTheStreamWithoutSubscribingTheSuffix() {
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    first.append(second).subscribe(recorder)
    first.send(completion: .failure(.boom))
    first.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(second.subscriberCount == 0)
  }

  @Test func aCancelReachesThePublisherOfTheMomentOnceAndTheSuffixIsNeverSubscribed() {
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    first.append(second).subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(2))
    first.send(completion: .finished)
    #expect(first.subscription.calls == [.cancel])
    #expect(second.subscriberCount == 0)
    #expect(recorder.events == [.subscription])
  }

  @Test func valuesSentFromInsideDeliveryArriveInOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(3)) { value in
      if value < 10 { subject.send(value + 1) }
    }
    subject.append().subscribe(recorder)
    subject.send(1)
    #expect(recorder.values == [1, 2, 3])
  }

  // OpenCombine's ConcatenateTests.testRecursivelyReceiveValue: a publisher that sends beyond the
  // demand (here from inside the downstream's receive) has the values beyond it dropped.
  @Test func valuesBeyondTheDemandAreDropped() {
    let first = HandDrivenPublisher<Int, TestError>()
    let sent = Locked<[Subscribers.Demand]>([])
    let recorder = Recorder<Int, TestError>(request: .max(3)) { value in
      if value < 11 { sent.append(first.send(value + 1)) }
    }
    first.append().subscribe(recorder)
    first.giveSubscription()
    #expect(first.send(1) == .none)
    #expect(recorder.values == [1, 2, 3])
    #expect(sent.value == [.none, .none, .none])
  }

  @Test func appendAndPrependTakeValuesSequencesAndPublishers() {
    let recorder = Recorder<Int, Never>()
    let appended:
      Publishers.Concatenate<Deferred<Publishers.Sequence<[Int], Never>>, Publishers.Sequence<[Int], Never>> =
        Deferred { [1, 2].publisher }.append(3, 4)
    appended.append([5]).prepend(0).prepend(Just(-1)).subscribe(recorder)
    #expect(recorder.values == [-1, 0, 1, 2, 3, 4, 5])
    #expect(recorder.events.last == .completion(.finished))
    #expect(Empty<Int, Never>().append(2, 3).suffix.sequence == [2, 3])
    #expect(Empty<Int, Never>().prepend(7, 5).prefix.sequence == [7, 5])
  }

  // OpenCombine's ConcatenateTests.testConcatenateReflection and testCombineIdentifier: the subscriber
  // given to each publisher calls itself Concatenate, with no children, shares the downstream
  // subscription's identifier, and is of its own type.
  @Test func theSubscribersOfBothPublishersDescribeThemselvesAsCombinesDo() throws {
    let first = HandDrivenPublisher<Int, TestError>()
    let second = HandDrivenPublisher<Int, TestError>()
    let keeper = SubscriptionKeeper<Int, TestError>()
    first.append(second).subscribe(keeper)
    first.giveSubscription()
    first.send(completion: .finished)
    let downstreamSubscription = try #require(keeper.subscription)
    let sides: [any Subscriber<Int, TestError>] = [
      try #require(first.subscriber), try #require(second.subscriber),
    ]
    for side in sides {
      #expect((side as? any CustomStringConvertible)?.description == "Concatenate")
      #expect(playgroundText(side) == "Concatenate")
      #expect((side as? any CustomReflectable).map { $0.customMirror.children.isEmpty } == true)
      #expect(!(side is any CustomDebugStringConvertible))
      #expect(side.combineIdentifier == downstreamSubscription.combineIdentifier)
      #expect(type(of: side) != type(of: downstreamSubscription))
    }
    #expect(type(of: sides[0]) != type(of: sides[1]))
    #expect(String(describing: downstreamSubscription) == "Concatenate")
    #expect(playgroundText(downstreamSubscription) == "Concatenate")
    #expect(mirrorLabels(downstreamSubscription).isEmpty)
  }

  // OpenCombine's ConcatenateTests.testReleasesSuffixOnCancellation.
  @Test func aCancelLetsGoOfTheSuffix() {
    let first = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    weak var weakSuffix: HandDrivenPublisher<Int, TestError>?
    do {
      let suffix = HandDrivenPublisher<Int, TestError>()
      weakSuffix = suffix
      first.append(suffix).subscribe(recorder)
    }
    first.giveSubscription()
    #expect(weakSuffix != nil)
    recorder.cancel()
    #expect(weakSuffix == nil)
  }

  @Test func describesItselfAsCombineDoesAndLetsGoOfTheDownstreamWhenTheStreamEnds() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().append(1)).description == "Concatenate")
    #expect(releaseCheck(.cancel) { upstream, _ in upstream.append(Empty()) }.downstream)
    #expect(releaseCheck(.fail) { upstream, _ in upstream.append(Empty()) }.downstream)
  }

  // OpenCombine's ConcatenateTests, at 14ff707 (the version stored), from here on.
  // testSubscribesToUpstreamThenSendsSubscriptionDownstream: the downstream gets its subscription
  // when the first publisher hands over its own, not before.
  @Test func theDownstreamGetsItsSubscriptionWhenTheFirstPublisherHandsOverItsOwn() {
    let first = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    first.append(1, 2, 3).subscribe(recorder)
    #expect(recorder.events == [])
    first.giveSubscription()
    #expect(recorder.events == [.subscription])
  }

  // testSecondCompletion: the first publisher finishing twice subscribes to the second once.
  @Test func theFirstFinishingTwiceSubscribesToTheSecondOnce() {
    let first = ManualPublisher<Int, TestError>()
    let second = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(10))
    first.append(second).subscribe(recorder)
    first.send(completion: .finished)
    first.send(completion: .finished)
    #expect(second.subscriberCount == 1)
    #expect(second.subscription.calls == [.request(.max(10))])
    second.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  // testAppendBasicBehavior and testBackpressure: what is still owed when the second publisher
  // subscribes is the first request, less each value delivered, plus what each value asked for and
  // what was asked meanwhile; a request for nothing is passed on; nothing is asked once the second
  // has finished.
  @Test func theSecondPublisherIsAskedForWhatIsOwedAndNothingOnceItFinishes() {
    let first = ManualPublisher<Int, TestError>()
    let second = HandDrivenPublisher<Int, TestError>()
    var held: (any Subscription)?
    var values: [Int] = []
    first.append(second).subscribe(
      AnySubscriber(
        receiveSubscription: {
          held = $0
          $0.request(.max(10))
        },
        receiveValue: {
          values.append($0)
          return .max($0)
        }))
    held?.request(.none)
    #expect(first.subscription.calls == [.request(.max(10)), .request(.none)])
    #expect(first.send(3) == .max(3))
    first.send(completion: .finished)
    held?.request(.max(7))
    let secondSubscription = second.giveSubscription()
    #expect(secondSubscription.calls == [.request(.max(19))])
    held?.request(.unlimited)
    #expect(secondSubscription.calls == [.request(.max(19)), .request(.unlimited)])
    #expect(second.send(5) == .max(5))
    second.send(completion: .finished)
    held?.request(.max(42))
    #expect(secondSubscription.calls == [.request(.max(19)), .request(.unlimited)])
    #expect(first.subscription.calls == [.request(.max(10)), .request(.none)])
    #expect(values == [3, 5])
  }

  // testCancelAlreadyCancelled: a second cancel and the requests after a cancel reach no one, and a
  // value sent after it is not delivered.
  @Test func aSecondCancelAndWhatFollowsReachNoOne() {
    let first = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    first.append(ManualPublisher<Int, TestError>()).subscribe(recorder)
    recorder.cancel()
    recorder.cancel()
    recorder.request(.max(2))
    recorder.cancel()
    recorder.request(.max(3))
    #expect(first.subscription.calls == [.cancel])
    #expect(first.send(0) == .none)
    #expect(recorder.events == [.subscription])
  }

  // testRecursivelyReceiveFailure: a failure sent again from inside the delivered failure is not
  // delivered.
  @Test func aFailureSentFromInsideTheFailureIsNotDeliveredAgain() {
    let first = ManualPublisher<Int, TestError>()
    var completions: [Subscribers.Completion<TestError>] = []
    first.append().subscribe(
      AnySubscriber(
        receiveSubscription: { _ in }, receiveValue: { _ in .none },
        receiveCompletion: {
          completions.append($0)
          if completions.count < 10 { first.send(completion: .failure(.boom)) }
        }))
    first.send(completion: .failure(.boom))
    #expect(completions == [.failure(.boom)])
  }
}
