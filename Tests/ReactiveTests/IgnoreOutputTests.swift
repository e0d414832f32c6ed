import Reactive
import Testing

@Suite struct IgnoreOutputTests {
  @Test func passesOnOnlyTheFirstCompletion() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Never, TestError>(request: .max(42))
    upstream.ignoreOutput().subscribe(recorder)
    #expect(upstream.send(666) == .none)
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func asksUpstreamForEverythingOnceAfterHandingOverItsSubscription() {
    let upstream = ManualPublisher<Int, TestError>()
    let callsAtSubscription = Locked<[RecordingSubscription.Call]?>(nil)
    let keeper = Locked<(any Subscription)?>(nil)
    upstream.ignoreOutput().subscribe(
      ClosureSubscriber<Never, TestError> { subscription in
        callsAtSubscription.withLock { $0 = upstream.subscription.calls }
        keeper.withLock { $0 = subscription }
      })
    #expect(callsAtSubscription.value == [])
    keeper.value?.request(.max(95))
    keeper.value?.request(.max(5))
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    keeper.value?.cancel()
    keeper.value?.cancel()
    keeper.value?.request(.max(50))
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func cancelsASecondSubscription() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Never, TestError>()
    upstream.ignoreOutput().subscribe(recorder)
    let first = upstream.giveSubscription()
    let second = upstream.giveSubscription()
    #expect(first.calls == [.request(.unlimited)])
    #expect(second.calls == [.cancel])
  }

  @Test func describesItselfAsCombineDoes() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.ignoreOutput().subscribe(Recorder<Never, TestError>())
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == "IgnoreOutput")
    #expect(mirrorLabels(inner) == ["downstream", "status"])
  }

  @Test func letsGoOfTheDownstreamWhenTheStreamEnds() {
    #expect(releaseCheck(.cancel) { upstream, _ in upstream.ignoreOutput() }.downstream)
    #expect(releaseCheck(.finish) { upstream, _ in upstream.ignoreOutput() }.downstream)
  }
}
