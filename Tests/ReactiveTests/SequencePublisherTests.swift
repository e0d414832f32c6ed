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

  /// `0..<upperBound`, counting in `pulls` how many times its iterator was asked for an element.
  private func counting(to upperBound: Int, pulls: Locked<Int>) -> AnySequence<Int> {
    AnySequence {
      var next = 0
      return AnyIterator {
        pulls.withLock { $0 += 1 }
        defer { next += 1 }
        return next < upperBound ? next : nil
      }
    }
  }

  // OpenCombine's SequenceTests.testEmptySequence, at 0239e54 (the version stored).
  @Test func anEmptySequenceIsAskedOnceAndHandsTheEmptySubscription() {
    let pulls = Locked(0)
    let probe = SubscriptionProbe<Int, Never>()
    counting(to: 0, pulls: pulls).publisher.subscribe(probe)
    #expect(probe.subscription.map { String(describing: $0) } == "Empty")
    #expect(pulls.value == 1)
  }

  // OpenCombine's SequenceTests.testSequenceNoInitialDemand, at 0239e54: the subscription reads one
  // element ahead as it is made, is named by the sequence until it finishes and "Sequence" after,
  // and ignores a zero request.
  @Test func readsOneElementAheadIgnoresAZeroRequestAndIsSequenceOnceDone() throws {
    let pulls = Locked(0)
    let keeper = DemandKeeper<Int, Never>(request: .none)
    counting(to: 10, pulls: pulls).publisher.subscribe(keeper)
    let subscription = try #require(keeper.subscription)
    #expect(pulls.value == 1)
    #expect(keeper.events == [.subscription])
    subscription.request(.max(3))
    #expect(keeper.events == [.subscription, .value(0), .value(1), .value(2)])
    subscription.request(.max(5))
    subscription.request(.none)
    #expect(keeper.events == [.subscription] + (0..<8).map { .value($0) })
    subscription.request(.max(2))
    #expect(keeper.events == [.subscription] + (0..<10).map { .value($0) } + [.completion(.finished)])
    #expect(pulls.value == 11)
    #expect(String(describing: subscription) == "Sequence")
    let live = DemandKeeper<Int, Never>(request: .none)
    [1, 2].publisher.subscribe(live)
    #expect(live.subscription.map { String(describing: $0) } == "[1, 2]")
  }

  // OpenCombine's SequenceTests.testSequenceInitialDemand, at 0239e54: the demand each value returns
  // adds to what is left.
  @Test func theDemandEachValueReturnsAddsToWhatIsLeft() throws {
    var subscription: (any Subscription)?
    var values: [Int] = []
    (0..<10).publisher.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          subscription = $0
          $0.request(.max(1))
        },
        receiveValue: {
          values.append($0)
          return $0 > 3 || $0 == 0 ? .none : .max(2)
        }))
    #expect(values == [0])
    try #require(subscription).request(.max(1))
    #expect(values == Array(0...7))
  }

  // OpenCombine's SequenceTests.testCancelOnSubscription and testCancelOnValue, at 0239e54.
  @Test func aCancelFromInsideTheSubscriberStopsTheElements() throws {
    var onSubscription: [Int] = []
    var kept: (any Subscription)?
    (0..<3).publisher.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          kept = $0
          $0.request(.max(1))
          $0.cancel()
        },
        receiveValue: {
          onSubscription.append($0)
          return .none
        }))
    try #require(kept).request(.max(1))
    #expect(onSubscription == [0])
    var onValue: [Int] = []
    (0..<3).publisher.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          kept = $0
          $0.request(.unlimited)
        },
        receiveValue: {
          onValue.append($0)
          kept?.cancel()
          return .unlimited
        }))
    try #require(kept).request(.max(1))
    #expect(onValue == [0])
  }

  // OpenCombine's SequenceTests.testLifecycle, at 0239e54: the subscriber is let go when the sequence
  // finishes, and kept by a live subscription until it is cancelled.
  @Test func theSubscriberIsLetGoWhenTheSequenceFinishesOrTheSubscriptionIsCancelled() throws {
    weak var finished: Recorder<Int, Never>?
    do {
      let recorder = Recorder<Int, Never>(request: .none)
      finished = recorder
      (0..<3).publisher.subscribe(recorder)
      recorder.request(.max(3))
      #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2), .completion(.finished)])
    }
    #expect(finished == nil)
    weak var waiting: SubscriptionProbe<Int, Never>?
    var subscription: (any Subscription)?
    do {
      let probe = SubscriptionProbe<Int, Never>()
      waiting = probe
      (0..<1).publisher.subscribe(probe)
      subscription = probe.subscription
    }
    #expect(waiting != nil)
    try #require(subscription).cancel()
    #expect(waiting == nil)
  }

  // OpenCombine's SequenceTests.testReflection and the dumps in testSequenceNoInitialDemand, at
  // 0239e54: the mirror's one child is the sequence itself, an empty array of its elements once the
  // subscription is done; the playground shows the description.
  @Test func theMirrorHoldsTheSequenceItselfThenAnEmptyArray() throws {
    let probe = SubscriptionProbe<Int, Never>()
    (1...5).publisher.subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(playgroundText(subscription) == "1...5")
    let live = try #require(Mirror(reflecting: subscription).children.first)
    #expect(live.label == "sequence")
    #expect(String(describing: live.value) == "1...5")
    #expect(live.value is ClosedRange<Int>)
    subscription.cancel()
    let done = try #require(Mirror(reflecting: subscription).children.first)
    #expect(done.label == "sequence")
    #expect((done.value as? [Int]) == [])
    #expect(Mirror(reflecting: subscription).children.count == 1)
  }
}
