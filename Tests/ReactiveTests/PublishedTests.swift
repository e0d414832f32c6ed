import Reactive
import Testing

private final class Counter {
  @Published var count = 0
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
}
