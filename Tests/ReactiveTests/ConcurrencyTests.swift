import Dispatch
import Reactive
import Testing

@Suite struct ConcurrencyTests {
  static let threads = 8
  static let sendsPerThread = 10_000

  @Test func sendsFromManyThreadsToAPassthroughSubjectAreAllDelivered() {
    let subject = PassthroughSubject<Int, Never>()
    // A plain counter: deliveries are serialized, so ThreadSanitizer flags any overlap.
    nonisolated(unsafe) var received = 0
    let cancellable = subject.sink { _ in received += 1 }
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<Self.sendsPerThread {
        subject.send(thread * Self.sendsPerThread + index)
      }
    }
    #expect(received == Self.threads * Self.sendsPerThread)
    cancellable.cancel()
  }

  @Test func sendsFromManyThreadsThroughAnOperatorChainAreAllDelivered() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<(count: Int, last: Int)>((0, 0))
    let cancellable = subject.removeDuplicates().scan(0) { sum, _ in sum + 1 }.sink { running in
      log.withLock { $0 = ($0.count + 1, running) }
    }
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<Self.sendsPerThread {
        subject.send(thread * Self.sendsPerThread + index)
      }
    }
    let total = Self.threads * Self.sendsPerThread
    #expect(log.value.count == total)
    #expect(log.value.last == total)
    cancellable.cancel()
  }

  @Test func eachThreadsValuesArriveInTheOrderThatThreadSentThem() {
    let subject = PassthroughSubject<(thread: Int, index: Int), Never>()
    let lastIndex = Locked([Int](repeating: -1, count: Self.threads))
    let outOfOrder = Locked(0)
    let cancellable = subject.sink { value in
      lastIndex.withLock { last in
        if value.index != last[value.thread] + 1 { outOfOrder.withLock { $0 += 1 } }
        last[value.thread] = value.index
      }
    }
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<2000 { subject.send((thread, index)) }
    }
    #expect(outOfOrder.value == 0)
    #expect(lastIndex.value == [Int](repeating: 1999, count: Self.threads))
    cancellable.cancel()
  }

  @Test func lastValueDeliveredByACurrentValueSubjectIsItsFinalValue() {
    let subject = CurrentValueSubject<Int, Never>(-1)
    let last = Locked(-1)
    let count = Locked(0)
    let cancellable = subject.sink { value in
      last.withLock { $0 = value }
      count.withLock { $0 += 1 }
    }
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<2000 { subject.send(thread * 2000 + index) }
    }
    #expect(last.value == subject.value)
    #expect(count.value == 1 + Self.threads * 2000)
    cancellable.cancel()
  }

  @Test func demandIsHonouredWhenRequestsRaceWithSends() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    subject.subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      if thread == 0 {
        for _ in 0..<500 { recorder.request(.max(1)) }
      } else {
        for index in 0..<5000 { subject.send(index) }
      }
    }
    #expect(recorder.values.count <= 500)
    // No request was lost either: the demand left over takes exactly that many more values.
    for index in 0..<(500 - recorder.values.count + 10) { subject.send(-index) }
    #expect(recorder.values.count == 500)
  }

  @Test func subscribingAndCancellingWhileOthersSendNeverCrashesNorMixesUpHistories() {
    let subject = PassthroughSubject<Int, Never>()
    let steady = Recorder<Int, Never>()
    subject.subscribe(steady)
    let malformed = Locked(0)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      if thread.isMultiple(of: 2) {
        for index in 0..<5000 { subject.send(index) }
      } else {
        for _ in 0..<300 {
          let recorder = Recorder<Int, Never>()
          subject.subscribe(recorder)
          recorder.cancel()
          let events = recorder.events
          if events.first != .subscription || events.dropFirst().contains(.subscription) {
            malformed.withLock { $0 += 1 }
          }
        }
      }
    }
    #expect(malformed.value == 0)
    #expect(steady.values.count == Self.threads / 2 * 5000)
    let late = Recorder<Int, Never>()
    subject.subscribe(late)
    subject.send(42)
    subject.send(completion: .finished)
    #expect(late.events == [.subscription, .value(42), .completion(.finished)])
  }

  @Test func reentrantSendsWhileOtherThreadsSendDoNotDeadlock() {
    let subject = PassthroughSubject<Int, Never>()
    let count = Locked(0)
    let cancellable = subject.sink { value in
      count.withLock { $0 += 1 }
      if value >= 0 { subject.send(-1) }
    }
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for index in 0..<2000 { subject.send(index) }
    }
    #expect(count.value == 4 * 2000 * 2)
    cancellable.cancel()
  }

  @Test func debounceFromManyThreadsDeliversOneValue() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<1000 { subject.send(thread * 1000 + index) }
    }
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values.count == 1)
  }

  @Test func publishedSetsFromManyThreadsAreAllDelivered() {
    final class Model: ObservableObject, @unchecked Sendable {
      @Published var value = 0
    }
    let model = Model()
    let willChange = Locked(0)
    let values = Locked(0)
    let first = model.objectWillChange.sink { willChange.withLock { $0 += 1 } }
    let second = model.$value.sink { _ in values.withLock { $0 += 1 } }
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<1000 { model.value = thread * 1000 + index }
    }
    #expect(willChange.value == 4000)
    #expect(values.value == 4001)
    first.cancel()
    second.cancel()
  }
}
