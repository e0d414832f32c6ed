import Dispatch
import Reactive
import Testing

/// No subject holds a lock while it calls a subscriber: a sink may wait for another thread that
/// subscribes to, cancels on or sends to the same subject, and subjects may feed each other from
/// several threads. Each scenario runs on threads of its own and must finish within a timeout.
@Suite struct SubjectDeadlockTests {
  @Test func subscribingFromAnotherThreadWhileASinkWaitsForThatThreadReturns() {
    let subject = PassthroughSubject<Int, Never>()
    let late = Recorder<Int, Never>()
    let scenario = SinkWaitingForAnotherThread(subject: subject) { subject.subscribe(late) }
    #expect(scenario.run())
    #expect(late.events == [.subscription])
    subject.send(2)
    #expect(late.events == [.subscription, .value(2)])
  }

  @Test func subscribingToACurrentValueSubjectWhileASinkWaitsForThatThreadGetsTheCurrentValue() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let late = Recorder<Int, Never>()
    let scenario = SinkWaitingForAnotherThread(subject: subject) { subject.subscribe(late) }
    #expect(scenario.run())
    #expect(late.events == [.subscription, .value(1)])
  }

  @Test func sendingFromAnotherThreadWhileASinkWaitsForThatThreadReturns() {
    let subject = PassthroughSubject<Int, Never>()
    let other = Recorder<Int, Never>()
    subject.subscribe(other)
    let scenario = SinkWaitingForAnotherThread(subject: subject) { subject.send(2) }
    #expect(scenario.run())
    // The other subscriber got both values in order; the waiting sink got the second one after its
    // first call returned.
    #expect(other.events == [.subscription, .value(1), .value(2)])
    #expect(scenario.received.value == [1, 2])
  }

  @Test func cancellingFromAnotherThreadWhileASinkWaitsForThatThreadReturns() {
    let subject = PassthroughSubject<Int, Never>()
    let other = Recorder<Int, Never>()
    subject.subscribe(other)
    let scenario = SinkWaitingForAnotherThread(subject: subject) { other.cancel() }
    #expect(scenario.run())
    subject.send(2)
    #expect(other.events == [.subscription, .value(1)])
    #expect(scenario.received.value == [1])
  }

  @Test func passthroughSubjectsWhoseSinksSendIntoEachOtherFromSeveralThreadsDoNotDeadlock() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let delivered = AtomicCounter()
    let toSecond = first.sink { hops in
      delivered.increment()
      if hops > 0 { second.send(hops - 1) }
    }
    let toFirst = second.sink { hops in
      delivered.increment()
      if hops > 0 { first.send(hops - 1) }
    }
    let threads = 4
    let chains = 150
    let bodies: [@Sendable () -> Void] = (0..<threads).map { thread in
      {
        for _ in 0..<chains { (thread.isMultiple(of: 2) ? first : second).send(20) }
      }
    }
    #expect(allCompleteInTime(seconds: 10, bodies))
    // Every chain is 21 deliveries long, and none is lost on the way.
    #expect(delivered.value == threads * chains * 21)
    toSecond.cancel()
    toFirst.cancel()
  }

  @Test func currentValueSubjectsWhoseSinksSendIntoEachOtherFromSeveralThreadsDoNotDeadlock() {
    let first = CurrentValueSubject<Int, Never>(0)
    let second = CurrentValueSubject<Int, Never>(0)
    let delivered = AtomicCounter()
    let toSecond = first.sink { hops in
      delivered.increment()
      if hops > 0 { second.send(hops - 1) }
    }
    let toFirst = second.sink { hops in
      delivered.increment()
      if hops > 0 { first.send(hops - 1) }
    }
    let threads = 4
    let chains = 150
    let bodies: [@Sendable () -> Void] = (0..<threads).map { thread in
      {
        for _ in 0..<chains { (thread.isMultiple(of: 2) ? first : second).send(20) }
      }
    }
    #expect(allCompleteInTime(seconds: 10, bodies))
    // Two current values on subscribing, then 21 deliveries per chain.
    #expect(delivered.value == 2 + threads * chains * 21)
    toSecond.cancel()
    toFirst.cancel()
  }
}

/// A sink of `subject` that, on its first value, waits for another thread to do `action` to the
/// same subject; the value comes from a third thread's `send(1)`.
private struct SinkWaitingForAnotherThread<S: Subject & Sendable> where S.Output == Int, S.Failure == Never {
  let subject: S
  let action: @Sendable () -> Void
  let received = Locked<[Int]>([])

  init(subject: S, action: @escaping @Sendable () -> Void) {
    self.subject = subject
    self.action = action
  }

  /// Runs the scenario; true if the other thread's action returned while the sink waited for it.
  func run() -> Bool {
    let inSink = DispatchSemaphore(value: 0)
    let actionDone = DispatchSemaphore(value: 0)
    let sawAction = AtomicFlag()
    let received = received
    let cancellable = subject.dropFirstIfReplaying().sink { value in
      received.append(value)
      guard value == 1 else { return }
      inSink.signal()
      if actionDone.wait(timeout: .now() + 3) == .success { sawAction.set() }
    }
    let subject = subject
    let action = action
    let finished = allCompleteInTime(
      seconds: 8,
      [
        { subject.send(1) },
        {
          inSink.wait()
          action()
          actionDone.signal()
        },
      ])
    cancellable.cancel()
    return finished && sawAction.isSet
  }
}

extension Subject {
  /// This subject without the current value a `CurrentValueSubject` replays on subscribing.
  fileprivate func dropFirstIfReplaying() -> AnyPublisher<Output, Failure> {
    self is CurrentValueSubject<Output, Failure> ? dropFirst().eraseToAnyPublisher() : eraseToAnyPublisher()
  }
}
