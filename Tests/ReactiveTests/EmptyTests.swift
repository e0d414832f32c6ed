import Reactive
import Testing

@Suite struct EmptyTests {
  @Test func finishesAtOnceWithoutValues() {
    let recorder = Recorder<Int, TestError>()
    Empty<Int, TestError>().subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func finishesEvenWithoutDemand() {
    let recorder = Recorder<Int, Never>(request: .none)
    Empty(completeImmediately: true, outputType: Int.self, failureType: Never.self).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func neverCompletesWhenAskedNotTo() {
    let recorder = Recorder<Int, Never>()
    let empty = Empty<Int, Never>(completeImmediately: false)
    empty.subscribe(recorder)
    recorder.cancel()
    #expect(recorder.events == [.subscription])
    #expect(empty.completeImmediately == false)
    #expect(empty != Empty<Int, Never>())
  }

  @Test func itsSubscriptionDescribesItselfAsCombinesDoes() throws {
    let keeper = SubscriptionKeeper<Int, Never>()
    Empty<Int, Never>().subscribe(keeper)
    let subscription = try #require(keeper.subscription)
    #expect(String(describing: subscription) == "Empty")
    #expect(String(describing: Subscriptions.empty) == "Empty")
    #expect(playgroundText(subscription) == "Empty")
    #expect(mirrorLabels(subscription) == [])
  }

  // OpenCombine's EmptyTests.testImmediatelyCancel, at 1b8a26b: a cancel made as the subscription
  // arrives does not stop the completion that follows it.
  @Test func finishesEvenWhenCancelledAsTheSubscriptionArrives() {
    var completions: [Subscribers.Completion<TestError>] = []
    Empty<Int, TestError>().subscribe(
      AnySubscriber(
        receiveSubscription: { $0.cancel() }, receiveValue: { _ in .none },
        receiveCompletion: { completions.append($0) }))
    #expect(completions == [.finished])
  }
}
