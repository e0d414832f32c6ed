import Reactive
import Testing

@Suite struct OptionalPublisherTests {
  @Test func aValueWaitsForDemandThenFinishes() {
    let recorder = Recorder<String, Never>(request: .none)
    Optional("a").publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value("a"), .completion(.finished)])
  }

  @Test func nilFinishesUponSubscription() {
    let recorder = Recorder<String, Never>(request: .none)
    Optional<String>.none.publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func isEquatable() {
    #expect(Optional(1).publisher == Optional<Int>.Publisher(1))
    #expect(Optional<Int>.Publisher(nil).output == nil)
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: Optional(1).publisher).description == "Optional")
  }

  // OpenCombine's OptionalPublisherTests, at 30a60b5 (the version stored) from here on.
  // testNil: without a value the subscription handed over is the empty one.
  @Test func nilHandsOverTheEmptySubscription() {
    #expect(reflection(of: Optional<Int>.none.publisher).description == "Empty")
  }

  // testReflection: the subscription shows the value as its one unlabelled child.
  @Test func itsSubscriptionShowsTheValue() {
    let shown = reflection(of: Optional(42).publisher)
    #expect(shown.playground == "Optional" && shown.children == [nil])
  }

  // testSuccessCancelOnSubscription: a cancel right after the first request cannot take back the
  // value that request delivered.
  @Test func aCancelAfterTheRequestComesAfterTheValue() {
    var events: [String] = []
    Optional(42).publisher.subscribe(
      AnySubscriber(
        receiveSubscription: {
          $0.request(.max(1))
          $0.cancel()
        },
        receiveValue: {
          events.append("\($0)")
          return .none
        }, receiveCompletion: { _ in events.append("finished") }))
    #expect(events == ["42", "finished"])
  }

  // testRecursion and testLifecycle.
  @Test func aRequestFromInsideTheValueDeliversNothingMoreAndACancelLetsTheSubscriberGo() {
    var recorder: Recorder<Int, Never>?
    recorder = Recorder<Int, Never>(
      request: .unlimited, onValue: { _ in recorder?.request(.unlimited) })
    Optional(42).publisher.subscribe(recorder!)
    #expect(recorder?.events == [.subscription, .value(42), .completion(.finished)])
    weak var released: Recorder<Int, Never>?
    do {
      let waiting = Recorder<Int, Never>(request: .none)
      released = waiting
      Optional(42).publisher.subscribe(waiting)
      waiting.cancel()
    }
    #expect(released == nil)
  }
}
