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
}
