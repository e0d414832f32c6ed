import Dispatch
import Foundation
import Reactive
import Synchronization
import Testing

/// Once `cancel()` has returned, a sink's closure does not start again, whichever thread sends: a
/// cancel on another thread waits for a call under way there to return, so a flag set after
/// `cancel()` returns is never seen by the closure (`RaceStressTests` checks exactly that under load).
/// These tests hold the delivering thread at a known point, or count values sent after `cancel()`
/// returned.
@Suite(.serialized) struct CancelAcrossThreadsTests {
  @Test func aSinkBehindAnOperatorIsNotCalledWhenCancelledWhileItsValueIsOnTheWay() {
    let subject = PassthroughSubject<Int, Never>()
    let inOperator = DispatchSemaphore(value: 0)
    let cancelled = DispatchSemaphore(value: 0)
    let received = Locked<[Int]>([])
    let cancellable = subject.map { value in
      // The value has passed the subject and waits here, on the sending thread, until the sink is
      // cancelled on another.
      inOperator.signal()
      _ = cancelled.wait(timeout: .now() + 5)
      return value
    }.sink { received.append($0) }
    let finished = allCompleteInTime(
      seconds: 10,
      [
        { subject.send(1) },
        {
          inOperator.wait()
          cancellable.cancel()
          cancelled.signal()
        },
      ])
    #expect(finished)
    #expect(received.value == [])
  }

  @Test func aCancelOnAnotherThreadWaitsForTheCallUnderWayAndDropsTheValueQueuedBehindIt() {
    let subject = PassthroughSubject<Int, Never>()
    let inSink = DispatchSemaphore(value: 0)
    let cancelReturned = DispatchSemaphore(value: 0)
    let cancelReturnedDuringTheCall = AtomicFlag()
    let received = Locked<[Int]>([])
    let cancellable = subject.sink { value in
      received.append(value)
      guard value == 1 else { return }
      inSink.signal()
      // Had cancel() returned while this call is under way, this would see it. It waits a bounded
      // time, which passes in full only when the test passes.
      if cancelReturned.wait(timeout: .now() + 0.5) == .success { cancelReturnedDuringTheCall.set() }
    }
    let finished = allCompleteInTime(
      seconds: 10,
      [
        { subject.send(1) },
        {
          inSink.wait()
          // Queued for the first thread, whose call is under way.
          subject.send(2)
          cancellable.cancel()
          cancelReturned.signal()
        },
      ])
    #expect(finished)
    #expect(!cancelReturnedDuringTheCall.isSet)
    #expect(received.value == [1])
  }

  @Test func aCancelFromInsideTheClosureDoesNotWaitForItself() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[Int]>([])
    let box = Locked<AnyCancellable?>(nil)
    let finished = completesInTime(seconds: 5) {
      let cancellable = subject.sink { value in
        received.append(value)
        box.value?.cancel()
        // Nested: the sink is already cancelled, so this value is not received.
        subject.send(value + 10)
      }
      box.withLock { $0 = cancellable }
      subject.send(1)
      subject.send(2)
    }
    #expect(finished)
    #expect(received.value == [1])
  }

  static let senders = 2
  static let trials = 300
  /// At most this long per test, however slow the machine: fewer trials, not a longer timeout.
  static let budget: Duration = .seconds(2)

  @Test func aSinkOfAPassthroughSubjectGetsNoValueSentAfterItsCancelReturned() {
    let subject = PassthroughSubject<Int, Never>()
    #expect(
      Self.lateCalls {
        subject.sink(receiveValue: $0)
      } sending: {
        subject.send($0)
      } == 0)
  }

  @Test func aSinkOfACurrentValueSubjectGetsNoValueSentAfterItsCancelReturned() {
    let subject = CurrentValueSubject<Int, Never>(0)
    #expect(
      Self.lateCalls {
        subject.sink(receiveValue: $0)
      } sending: {
        subject.send($0)
      } == 0)
  }

  @Test func aSinkBehindAnOperatorGetsNoValueSentAfterItsCancelReturned() {
    let subject = PassthroughSubject<Int, Never>()
    #expect(
      Self.lateCalls {
        subject.map { $0 }.sink(receiveValue: $0)
      } sending: {
        subject.send($0)
      } == 0)
  }

  /// Several threads send numbers taken from one counter, without pause. Another subscribes a fresh
  /// sink, lets it receive a few values, cancels it and then reads the counter: a value above that
  /// was sent after `cancel()` returned. Returns how many such values reached a cancelled sink.
  private static func lateCalls(
    subscribe: @escaping @Sendable (@escaping (Int) -> Void) -> AnyCancellable,
    sending send: @escaping @Sendable (Int) -> Void
  ) -> Int {
    let stop = AtomicFlag()
    let sent = AtomicCounter()
    let late = AtomicCounter()
    let sender: @Sendable () -> Void = {
      while !stop.isSet { send(sent.increment()) }
    }
    let canceller: @Sendable () -> Void = {
      defer { stop.set() }
      let clock = ContinuousClock()
      let deadline = clock.now + budget
      for _ in 0..<trials where clock.now < deadline {
        let lastSentBeforeCancelReturned = Atomic<Int>(.max)
        let calls = AtomicCounter()
        let cancellable = subscribe { value in
          if value > lastSentBeforeCancelReturned.load(ordering: .acquiring) { late.increment() }
          calls.increment()
        }
        var spins = 0
        while calls.value < 2 && spins < 100_000 { spins += 1 }
        cancellable.cancel()
        lastSentBeforeCancelReturned.store(sent.value, ordering: .releasing)
      }
    }
    let finished = allCompleteInTime(seconds: 30, Array(repeating: sender, count: senders) + [canceller])
    #expect(finished)
    return late.value
  }
}
