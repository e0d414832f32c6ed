import Reactive
import Testing

/// `ignoreOutput()` as OpenCombine's `IgnoreOutputTests` (at 1b8a26b, run by its CI against Apple's
/// Combine) record Combine's: it keeps no state, and hands the downstream the upstream's own
/// subscription.
@Suite struct IgnoreOutputTests {
  // testCompletionWithValues, testCompletionWithError.
  @Test func dropsValuesAndPassesOnEveryCompletion() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Never, TestError>(request: .max(42))
    upstream.ignoreOutput().subscribe(recorder)
    upstream.giveSubscription()
    #expect(upstream.send(666) == .none)
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom)), .completion(.finished)])
  }

  // testDemand, testSendsSubscriptionDownstreamBeforeDemandUpstream.
  @Test func handsOverTheUpstreamsSubscriptionThenAsksItForEverything() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let callsAtSubscription = Locked<[RecordingSubscription.Call]?>(nil)
    let keeper = Locked<(any Subscription)?>(nil)
    upstream.ignoreOutput().subscribe(
      ClosureSubscriber<Never, TestError> { subscription in
        callsAtSubscription.withLock { $0 = upstream.subscriptions.last?.calls }
        keeper.withLock { $0 = subscription }
        subscription.request(.max(42))
      })
    let subscription = upstream.giveSubscription()
    #expect(callsAtSubscription.value == [])
    #expect(keeper.value as? HandDrivenSubscription === subscription)
    #expect(subscription.calls == [.request(.max(42)), .request(.unlimited)])
    keeper.value?.request(.max(95))
    keeper.value?.cancel()
    keeper.value?.cancel()
    keeper.value?.request(.max(50))
    #expect(
      subscription.calls == [
        .request(.max(42)), .request(.unlimited), .request(.max(95)), .cancel, .cancel, .request(.max(50)),
      ])
  }

  // testReceiveSubscriptionTwice.
  @Test func asksEverySubscriptionItIsGivenForEverything() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Never, TestError>(request: .none)
    upstream.ignoreOutput().subscribe(recorder)
    let first = upstream.giveSubscription()
    let second = upstream.giveSubscription()
    #expect(second.calls == [.request(.unlimited)])
    upstream.subscriber?.receive(subscription: first)
    #expect(first.calls == [.request(.unlimited), .request(.unlimited)])
    // After the downstream's cancel too (the rest of testReceiveSubscriptionTwice, at 1b8a26b).
    recorder.cancel()
    #expect(first.calls == [.request(.unlimited), .request(.unlimited), .cancel])
    let third = upstream.giveSubscription()
    #expect(third.calls == [.request(.unlimited)])
  }

  // testCompletionWithEmpty, testCompletionWithValues (at 1b8a26b): a finish, whether or not values
  // came before it, and whatever completion follows it, passes on.
  @Test func passesOnEveryCompletionAfterAFinish() {
    for second in [Subscribers.Completion<TestError>.finished, .failure(.boom)] {
      let upstream = HandDrivenPublisher<Int, TestError>()
      let recorder = Recorder<Never, TestError>(request: .max(42))
      upstream.ignoreOutput().subscribe(recorder)
      upstream.giveSubscription()
      #expect(upstream.send(666) == .none)
      upstream.send(completion: .finished)
      upstream.send(completion: second)
      #expect(recorder.events == [.subscription, .completion(.finished), .completion(second)], "\(second)")
    }
  }

  // testIgnoreOutputLifecycle (cancellingSubscriptionReleasesSubscriber: true, at 1b8a26b): a
  // subject that lets go of the operator at a cancel or a completion lets go of the downstream with it.
  @Test func theDownstreamGoesWithTheOperatorAtACancelOrACompletion() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let subject = PassthroughSubject<Int, TestError>()
      weak var weakRecorder: Recorder<Never, TestError>?
      do {
        let recorder = Recorder<Never, TestError>()
        weakRecorder = recorder
        subject.ignoreOutput().subscribe(recorder)
        subject.send(31)
        switch ending {
        case .cancel: recorder.cancel()
        case .finish: subject.send(completion: .finished)
        case .fail: subject.send(completion: .failure(.boom))
        }
      }
      #expect(weakRecorder == nil, "\(ending)")
    }
  }

  // testIgnoreOutputReflection (subscriberIsAlsoSubscription: false).
  @Test func describesItselfAsCombineDoes() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.ignoreOutput().subscribe(Recorder<Never, TestError>())
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == "IgnoreOutput")
    #expect(playgroundText(inner) == "IgnoreOutput")
    #expect(mirrorLabels(inner) == [])
    #expect(!(inner is any Subscription))
  }
}
