import Dispatch
import Foundation
import Reactive
import Synchronization
import Testing

/// Once `cancel()` has returned, a sink's closure is not called again, whichever thread sends: a
/// call already under way on another thread may finish, but none begins.
///
/// "Already under way" cannot be seen from inside the closure: a thread that began a call before
/// `cancel()` returned may be descheduled before the closure's first instruction, and a flag the
/// closure reads then would wrongly count it as late. So the tests either hold the delivering thread
/// at a known point, or count only values sent after `cancel()` returned, whose delivery cannot have
/// begun before.
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

  @Test func aValueQueuedWhileAnotherThreadCallsTheSinkIsNotDeliveredAfterCancel() {
    let subject = PassthroughSubject<Int, Never>()
    let inSink = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let received = Locked<[Int]>([])
    let cancellable = subject.sink { value in
      received.append(value)
      if value == 1 {
        inSink.signal()
        _ = proceed.wait(timeout: .now() + 5)
      }
    }
    let secondSent = DispatchSemaphore(value: 0)
    let finished = allCompleteInTime(
      seconds: 10,
      [
        { subject.send(1) },
        {
          inSink.wait()
          // Queued for the first thread (or waiting for it): its call is under way.
          DispatchQueue.global().async {
            subject.send(2)
            secondSent.signal()
          }
          // Give the second send time to reach the subject; cancelling first would only make the
          // test pass trivially.
          _ = secondSent.wait(timeout: .now() + 0.2)
          cancellable.cancel()
          proceed.signal()
        },
      ])
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
