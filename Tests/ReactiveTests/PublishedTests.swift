import Reactive
import Testing

private final class Counter {
  @Published var count = 0
}

/// An observable object with a change publisher of its own, which its `@Published` property does not
/// use.
private final class OwnChangePublisher: ObservableObject {
  let objectWillChange = ObservableObjectPublisher()
  @Published var state = 0
}

private final class Doubler {
  @Published var doubled = 0

  init(source: some Publisher<Int, Never>) {
    source.map { $0 * 2 }.assign(to: &$doubled)
  }
}

@Suite struct PublishedTests {
  @Test func emitsTheCurrentValueOnSubscribeThenEachNewValue() {
    let counter = Counter()
    counter.count = 3
    let recorder = Recorder<Int, Never>()
    counter.$count.subscribe(recorder)
    counter.count = 4
    counter.count = 4
    #expect(recorder.events == [.subscription, .value(3), .value(4), .value(4)])
    #expect(counter.count == 4)
  }

  @Test func emitsInWillSetWhileThePropertyStillHoldsTheOldValue() {
    let counter = Counter()
    let seen = Locked<[String]>([])
    let cancellable = counter.$count.sink { seen.append("\($0) while holding \(counter.count)") }
    counter.count = 1
    counter.count = 2
    #expect(seen.value == ["0 while holding 0", "1 while holding 0", "2 while holding 1"])
    cancellable.cancel()
  }

  @Test func honoursDemandAndKeepsTheLatestValue() {
    let counter = Counter()
    let recorder = Recorder<Int, Never>(request: .max(1))
    counter.$count.subscribe(recorder)
    counter.count = 1
    counter.count = 2
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(0), .value(2)])
  }

  @Test func assignToPublishedWritesEachValue() {
    let counter = Counter()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    counter.$count.subscribe(recorder)
    subject.assign(to: &counter.$count)
    subject.send(5)
    subject.send(6)
    #expect(counter.count == 6)
    #expect(recorder.events == [.subscription, .value(0), .value(5), .value(6)])
  }

  @Test func assignToPublishedFromTheOwnersInitializer() {
    let source = CurrentValueSubject<Int, Never>(1)
    let doubler = Doubler(source: source)
    #expect(doubler.doubled == 2)
    source.value = 5
    #expect(doubler.doubled == 10)
  }

  @Test func assignToPublishedEndsWhenTheObjectIsReleased() {
    let source = PassthroughSubject<Int, Never>()
    let cancels = Locked(0)
    let observed = source.handleEvents(receiveCancel: { cancels.withLock { $0 += 1 } })
    weak var weakDoubler: Doubler?
    do {
      let doubler = Doubler(source: observed)
      weakDoubler = doubler
      source.send(1)
      #expect(doubler.doubled == 2)
      #expect(cancels.value == 0)
    }
    #expect(weakDoubler == nil)
    #expect(cancels.value == 1)
    source.send(2)
  }

  @Test func reassigningReplacesThePreviousAssignment() {
    let counter = Counter()
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    first.assign(to: &counter.$count)
    second.assign(to: &counter.$count)
    first.send(1)
    #expect(counter.count == 0)
    second.send(2)
    #expect(counter.count == 2)
  }

  // OpenCombine's PublishedTests.testBasicBehavior, at 1b8a26b.
  @Test func aSubscriberGetsTheLatestValueAtItsNextRequestAndACancelStopsItAlone() {
    let counter = Counter()
    let first = DemandKeeper<Int, Never>(request: .none)
    counter.$count.subscribe(first)
    #expect(first.events == [.subscription])
    first.subscription?.request(.max(2))
    #expect(first.events == [.subscription, .value(0)])
    counter.count += 1
    counter.count += 2
    counter.count += 3
    #expect(first.events == [.subscription, .value(0), .value(1)])
    first.subscription?.request(.max(10))
    #expect(first.events == [.subscription, .value(0), .value(1), .value(6)])
    let second = Recorder<Int, Never>()
    counter.$count.subscribe(second)
    #expect(second.events == [.subscription, .value(6)])
    counter.count = 42
    #expect(first.events == [.subscription, .value(0), .value(1), .value(6), .value(42)])
    #expect(second.events == [.subscription, .value(6), .value(42)])
    first.subscription?.cancel()
    counter.count = -1
    #expect(first.events == [.subscription, .value(0), .value(1), .value(6), .value(42)])
    #expect(second.events == [.subscription, .value(6), .value(42), .value(-1)])
  }

  // OpenCombine's PublishedTests.testObservableObjectWithCustomObjectWillChange, at 1b8a26b.
  @Test func aSetDoesNotFireAChangePublisherTheObjectDeclaresItself() {
    let object = OwnChangePublisher()
    let signals = Locked(0)
    let cancellable = object.objectWillChange.sink { signals.withLock { $0 += 1 } }
    object.state = 100
    #expect(signals.value == 0)
    #expect(object.state == 100)
    cancellable.cancel()
  }

  // OpenCombine's PublishedTests.testAssignToPublished, at 1b8a26b.
  @Test func assignToPublishedAsksForEverythingOnceAndCancelsOnlyWhenTheObjectGoes() {
    let upstream = ManualPublisher<Int, Never>()
    let subscriber = DemandKeeper<Int, Never>(request: .none)
    do {
      let counter = Counter()
      upstream.assign(to: &counter.$count)
      #expect(upstream.subscription.calls == [.request(.unlimited)])
      counter.$count.subscribe(subscriber)
      #expect(upstream.subscription.calls == [.request(.unlimited)])
      #expect(subscriber.events == [.subscription])
      #expect(upstream.send(1) == .none)
      #expect(subscriber.events == [.subscription])
      subscriber.subscription?.request(.max(3))
      #expect(upstream.send(2) == .none)
      #expect(upstream.send(3) == .none)
      #expect(upstream.send(4) == .none)
      #expect(counter.count == 4)
      #expect(upstream.subscription.calls == [.request(.unlimited)])
      #expect(subscriber.events == [.subscription, .value(1), .value(2), .value(3)])
      subscriber.subscription?.cancel()
      #expect(upstream.subscription.calls == [.request(.unlimited)])
    }
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's PublishedTests.testAssignToPublishedFinish, at 1b8a26b.
  @Test func theFinishOfAPublisherAssignedToThePropertyEndsNothing() {
    let upstream = ManualPublisher<Int, Never>()
    let counter = Counter()
    let recorder = DemandKeeper<Int, Never>(request: .none)
    upstream.assign(to: &counter.$count)
    counter.$count.subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    #expect(recorder.events == [.subscription])
    counter.count = 7
    recorder.subscription?.request(.max(1))
    #expect(recorder.events == [.subscription, .value(7)])
  }

  // OpenCombine's PublishedTests.testPublishedSubjectDemand, at 1b8a26b: each value's demand adds to
  // what is left, and a request made while a value waits delivers the latest one.
  @Test func theDemandAValueReturnsAddsToWhatIsLeft() {
    let counter = Counter()
    let values = Locked<[Int]>([])
    let subscription = Locked<(any Subscription)?>(nil)
    counter.$count.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: { received in subscription.withLock { $0 = received } },
        receiveValue: { value in
          values.append(value)
          return .max(value)
        }))
    subscription.value?.request(.max(2))
    #expect(values.value == [0])
    counter.count = 1
    counter.count = 2
    #expect(values.value == [0, 1, 2])
    for _ in 0..<3 { counter.count = 0 }
    #expect(values.value == [0, 1, 2, 0, 0])
    subscription.value?.request(.max(2))
    subscription.value?.request(.max(3))
    #expect(values.value == [0, 1, 2, 0, 0, 0])
    for value in [0, 0, 0, 0, 1] { counter.count = value }
    #expect(values.value == [0, 1, 2, 0, 0, 0, 0, 0, 0, 0])
    subscription.value?.request(.max(1))
    counter.count = 0
    counter.count = 0
    #expect(values.value == [0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0])
  }

  // OpenCombine's PublishedTests.testPublishedSubjectCancelAlreadyCancelled, at 1b8a26b.
  @Test func aRequestOrACancelAfterACancelDoesNothing() {
    let counter = Counter()
    let subscriber = DemandKeeper<Int, Never>(request: .none, extra: .max(1))
    counter.$count.subscribe(subscriber)
    subscriber.subscription?.request(.max(1))
    subscriber.subscription?.cancel()
    subscriber.subscription?.request(.max(100))
    subscriber.subscription?.cancel()
    counter.count = 42
    #expect(subscriber.events == [.subscription, .value(0)])
  }

  // OpenCombine's PublishedTests.testProjectedValueSetter, at 1b8a26b.
  @Test func settingThePublisherToAnothersChangesNeitherValue() {
    let first = Counter()
    let second = Counter()
    first.count = 1
    second.count = 2
    first.$count = second.$count
    #expect([first.count, second.count] == [1, 2])
    first.$count = second.$count
    #expect([first.count, second.count] == [1, 2])
  }
}
