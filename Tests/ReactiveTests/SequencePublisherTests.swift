import Reactive
import Testing

@Suite struct SequencePublisherTests {
  @Test func deliversTheElementsThenFinishesRightAfterTheLast() {
    let recorder = Recorder<Int, Never>()
    [1, 2, 3].publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test func deliversOneElementPerUnitOfDemand() {
    let recorder = Recorder<Int, Never>(request: .max(1))
    (1...3).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(5))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test func extraDemandReturnedFromReceiveKeepsItGoing() {
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    (1...3).publisher.subscribe(recorder)
    #expect(recorder.values == [1, 2, 3])
  }

  @Test func anEmptySequenceFinishesUponSubscription() {
    let recorder = Recorder<Int, Never>(request: .none)
    [Int]().publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func aRequestFromInsideReceiveDoesNotRecurse() {
    var depth = 0
    var deepest = 0
    var subscription: (any Subscription)?
    let subscriber = AnySubscriber<Int, Never>(
      receiveSubscription: {
        subscription = $0
        $0.request(.max(1))
      },
      receiveValue: { _ in
        depth += 1
        deepest = max(deepest, depth)
        subscription?.request(.max(1))
        depth -= 1
        return .none
      })
    (1...100).publisher.subscribe(subscriber)
    #expect(deepest == 1)
  }

  @Test func cancellingStopsTheElements() {
    let recorder = Recorder<Int, Never>(request: .max(1))
    (1...3).publisher.subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func eachSubscriberIteratesAnew() {
    let publisher = [4, 5].publisher
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    publisher.subscribe(first)
    publisher.subscribe(second)
    #expect(second.events == first.events)
    #expect(publisher == [4, 5].publisher)
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: [1, 2].publisher)
    #expect(reflected.description == "[1, 2]")
    #expect(reflected.children == ["sequence"])
  }
}
