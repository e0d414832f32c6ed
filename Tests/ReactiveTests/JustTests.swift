import Reactive
import Testing

@Suite struct JustTests {
  @Test func deliversItsValueThenFinishes() {
    let recorder = Recorder<Int, Never>()
    Just(7).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func waitsForTheFirstDemand() {
    let recorder = Recorder<Int, Never>(request: .none)
    Just(7).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  @Test func deliversNothingAfterCancel() {
    let recorder = Recorder<Int, Never>(request: .none)
    Just(7).subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test func eachSubscriberGetsTheValue() {
    let just = Just("a")
    let first = Recorder<String, Never>()
    let second = Recorder<String, Never>()
    just.subscribe(first)
    just.subscribe(second)
    #expect(first.events == [.subscription, .value("a"), .completion(.finished)])
    #expect(second.events == first.events)
    #expect(just.output == "a")
    #expect(just == Just("a"))
  }

  @Test func itsSubscriptionDescribesItselfAsCombinesDoes() throws {
    let keeper = SubscriptionKeeper<Int, Never>()
    Just(7).subscribe(keeper)
    let delivered = try #require(keeper.subscription)
    var held: (any Subscription)?
    Just(7).subscribe(
      AnySubscriber<Int, Never>(receiveSubscription: { held = $0 }, receiveValue: { _ in .none }))
    let pending = try #require(held)
    #expect(String(describing: pending) == "Just")
    #expect(playgroundText(pending) == "Just")
    #expect(mirrorLabels(pending) == [nil])
    #expect(Mirror(reflecting: pending).children.first?.value as? Int == 7)
    #expect(String(describing: delivered) == "Just")
    #expect(mirrorLabels(delivered) == [])
  }

  // OpenCombine's JustTests.testRecursion, at 1b8a26b: a request made while the value is being
  // delivered delivers nothing more.
  @Test func aRequestFromInsideTheValueDeliversNothingMore() {
    var recorder: Recorder<Int, Never>?
    recorder = Recorder<Int, Never>(
      request: .unlimited, onValue: { _ in recorder?.request(.unlimited) })
    Just(42).subscribe(recorder!)
    #expect(recorder?.events == [.subscription, .value(42), .completion(.finished)])
  }

  // OpenCombine's JustTests.testLifecycle, at 1b8a26b: a cancel before any demand lets the
  // subscriber go.
  @Test func aCancelBeforeAnyDemandLetsTheSubscriberGo() {
    weak var released: Recorder<Int, Never>?
    do {
      let recorder = Recorder<Int, Never>(request: .none)
      released = recorder
      Just(42).subscribe(recorder)
      recorder.cancel()
    }
    #expect(released == nil)
  }
}
