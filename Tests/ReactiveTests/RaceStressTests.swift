import Dispatch
import Foundation
import Reactive
import Synchronization
import Testing

/// The stress scenarios that found the races of issue 27, as our own bounded tests: each runs for a
/// budget of wall-clock time (fewer trials on a slow or loaded machine, never a longer run) and
/// under a watchdog, so a livelock fails its test instead of hanging the run.
/// `SHOP_STRESS_SECONDS` changes the budget of each (default 1).
@Suite(.serialized, .tags(.realClock)) struct RaceStressTests {
  static let budget = Duration.seconds(
    Double(ProcessInfo.processInfo.environment["SHOP_STRESS_SECONDS"] ?? "") ?? 1)
  /// How long a scenario may take beyond its budget before it counts as hung.
  static let watchdogSeconds = 30.0

  /// Watches one subscriber: a call that starts after its cancel() returned, two calls at once, and
  /// a value of a thread that does not follow that thread's previous one.
  final class Watch: @unchecked Sendable {
    let cancelReturned = AtomicFlag()
    let calls = AtomicCounter()
    let startedAfterCancel = AtomicCounter()
    let overlaps = AtomicCounter()
    let disorder = AtomicCounter()
    private let inside = Atomic<Int>(0)
    /// Touched only inside calls, which never overlap.
    private var last: [Int]

    init(threads: Int) {
      last = Array(repeating: -1, count: threads)
    }

    /// Records a value made by ``value(thread:sequence:)``.
    func receive(_ value: Int) {
      if cancelReturned.isSet { startedAfterCancel.increment() }
      if inside.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue > 1 { overlaps.increment() }
      let thread = value >> 32
      let sequence = value & 0xFFFF_FFFF
      if sequence <= last[thread] { disorder.increment() }
      last[thread] = sequence
      calls.increment()
      inside.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }

    static func value(thread: Int, sequence: Int) -> Int { thread << 32 | sequence }
  }

  /// Runs `body` until the budget is spent, at least once; false if it went past the watchdog.
  static func untilBudgetSpent(_ body: @escaping @Sendable () -> Void) -> Bool {
    completesInTime(seconds: budget.seconds + watchdogSeconds) {
      let clock = ContinuousClock()
      let deadline = clock.now + budget
      repeat { body() } while clock.now < deadline
    }
  }

  /// Four threads send without pause while four others each subscribe a sink, let it take what
  /// comes, and cancel it: no sink's closure starts after its cancel() returned, calls never
  /// overlap, and each sender's values arrive in order (the stress run's S03).
  @Test func sinksSubscribedAndCancelledWhileOthersSendStartNoCallAfterCancelReturned() {
    let senders = 4
    let subject = PassthroughSubject<Int, Never>()
    let stop = AtomicFlag()
    let cycles = AtomicCounter()
    let deliveries = AtomicCounter()
    let late = AtomicCounter()
    let overlaps = AtomicCounter()
    let disorder = AtomicCounter()
    let sending: [@Sendable () -> Void] = (0..<senders).map { thread in
      {
        var sequence = 0
        while !stop.isSet {
          subject.send(Watch.value(thread: thread, sequence: sequence))
          sequence += 1
        }
      }
    }
    let churning: [@Sendable () -> Void] = (0..<4).map { _ in
      {
        defer { stop.set() }
        let clock = ContinuousClock()
        let deadline = clock.now + Self.budget
        while clock.now < deadline {
          let watch = Watch(threads: senders)
          let cancellable = subject.sink { watch.receive($0) }
          // Values sent while the sink was subscribing skip it: let a few arrive, so that the
          // cancel races with deliveries.
          var spins = 0
          while watch.calls.value < 2 && spins < 100_000 { spins += 1 }
          cancellable.cancel()
          watch.cancelReturned.set()
          deliveries.increment(by: watch.calls.value)
          late.increment(by: watch.startedAfterCancel.value)
          overlaps.increment(by: watch.overlaps.value)
          disorder.increment(by: watch.disorder.value)
          cycles.increment()
        }
      }
    }
    #expect(allCompleteInTime(seconds: Self.budget.seconds + Self.watchdogSeconds, sending + churning))
    #expect(cycles.value > 0)
    #expect(deliveries.value > 0)
    #expect(late.value == 0)
    #expect(overlaps.value == 0)
    #expect(disorder.value == 0)
  }

  /// Three threads send into a fresh subject while this one cancels its sink at a random moment:
  /// the closure never starts after cancel() returned (the stress run's S09).
  @Test func aSinkCancelledWhileThreeThreadsSendStartsNoCallAfterCancelReturned() {
    let late = AtomicCounter()
    let trials = AtomicCounter()
    #expect(
      Self.untilBudgetSpent {
        let subject = PassthroughSubject<Int, Never>()
        let watch = Watch(threads: 3)
        let cancellable = subject.sink { watch.receive($0) }
        let go = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        for thread in 0..<3 {
          Thread {
            go.wait()
            for sequence in 0..<200 { subject.send(Watch.value(thread: thread, sequence: sequence)) }
            done.signal()
          }.start()
        }
        for _ in 0..<3 { go.signal() }
        // A moment into the sending, different each trial.
        var spins = Int.random(in: 0...20_000)
        while spins > 0 { spins -= 1 }
        cancellable.cancel()
        watch.cancelReturned.set()
        for _ in 0..<3 { done.wait() }
        late.increment(by: watch.startedAfterCancel.value + watch.overlaps.value + watch.disorder.value)
        trials.increment()
      })
    #expect(trials.value > 0)
    #expect(late.value == 0)
  }

  /// Three threads keep sending into whichever inner subject is current while this thread switches
  /// to new ones: switching never hangs, output never overlaps, and once the senders stop, values
  /// sent to the latest inner all arrive (the stress run's S16).
  @Test func switchToLatestKeepsSwitchingWhileOtherThreadsSendIntoTheCurrentInner() {
    let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let overlaps = AtomicCounter()
    let inside = Atomic<Int>(0)
    let received = AtomicCounter()
    let cancellable = outer.switchToLatest().sink { _ in
      if inside.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue > 1 { overlaps.increment() }
      received.increment()
      inside.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }
    let current = Locked(PassthroughSubject<Int, Never>())
    outer.send(current.value)
    let stop = AtomicFlag()
    let switches = AtomicCounter()
    let senders: [@Sendable () -> Void] = (0..<3).map { _ in
      {
        var value = 0
        while !stop.isSet {
          current.value.send(value)
          value += 1
        }
      }
    }
    let switcher: @Sendable () -> Void = {
      defer { stop.set() }
      let clock = ContinuousClock()
      let deadline = clock.now + Self.budget
      while clock.now < deadline {
        let next = PassthroughSubject<Int, Never>()
        current.withLock { $0 = next }
        outer.send(next)
        switches.increment()
      }
    }
    #expect(allCompleteInTime(seconds: Self.budget.seconds + Self.watchdogSeconds, senders + [switcher]))
    let before = received.value
    for value in 0..<1000 { current.value.send(value) }
    #expect(received.value - before == 1000)
    #expect(switches.value > 0)
    #expect(overlaps.value == 0)
    cancellable.cancel()
  }

  /// The cause of the S16 hang, held deterministically: a subscriber whose every value makes it wait
  /// for the sender to send another can never catch up. A thread that subscribes it while that
  /// sender runs must still return from subscribing, rather than deliver the sender's values for as
  /// long as it sends (values sent while the subscriber is receiving its subscription skip it).
  @Test func subscribingWhileAnotherThreadKeepsSendingReturns() {
    let subject = PassthroughSubject<Int, Never>()
    let sent = AtomicCounter()
    let stop = AtomicFlag()
    let received = AtomicCounter()
    let subscriber = AnySubscriber<Int, Never>(
      receiveSubscription: { subscription in
        subscription.request(.unlimited)
        // Let the sender send into the subscription being made.
        let target = sent.value + 3
        while sent.value < target && !stop.isSet {}
      },
      receiveValue: { _ in
        received.increment()
        let seen = sent.value
        while sent.value == seen && !stop.isSet {}
        return .none
      },
      receiveCompletion: { _ in })
    let sender = Thread {
      while !stop.isSet {
        subject.send(0)
        sent.increment()
      }
    }
    sender.start()
    defer { stop.set() }
    let subscribing = Locked(subscriber)
    #expect(completesInTime(seconds: 10) { subject.subscribe(subscribing.value) })
  }
  /// A `CurrentValueSubject`'s subscriber that finishes subscribing just as another thread sends
  /// gets each value once: the sender, finding it still subscribing, notes that it is owed the latest
  /// value, unless it let go meanwhile, which the note must not outlive (once, it did: the next value
  /// was then delivered twice, by its send and again as the latest missed one, a finding of
  /// `SubjectModelTests` under ThreadSanitizer).
  @Test func aCurrentValueSubscriberDoneSubscribingAsAnotherThreadSendsGetsEachValueOnce() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let sent = AtomicCounter()
    let stop = AtomicFlag()
    let repeats = AtomicCounter()
    let sender = Thread {
      var next = 1
      while !stop.isSet {
        subject.send(next)
        next += 1
        sent.increment()
      }
    }
    sender.start()
    defer { stop.set() }
    let finished = Self.untilBudgetSpent {
      let last = Locked(-1)
      let sink = subject.sink { value in
        last.withLock { last in
          if value <= last { repeats.increment() }
          last = value
        }
      }
      // Long enough for the sender's next sends to reach the new subscriber.
      let target = sent.value + 3
      while sent.value < target && !stop.isSet {}
      sink.cancel()
    }
    #expect(finished)
    #expect(repeats.value == 0)
  }
}

extension AtomicCounter {
  /// Adds `amount`.
  func increment(by amount: Int) {
    for _ in 0..<amount { increment() }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
