import Foundation
import Reactive
import Testing

/// `breakpoint` and `breakpointOnError`, as OpenCombine's BreakpointTests show Combine's: while the
/// closures return `false`, every event passes through unchanged, even after a completion, and the
/// downstream gets the upstream's own subscription; a `true` raises `SIGTRAP`, which without a debugger
/// ends the process (checked in a child process).
@Suite struct BreakpointTests {
  @Test func whileTheClosuresSayNoEveryEventPassesThroughAndIsChecked() {
    let upstream = ManualPublisher<Int, TestError>()
    let checked = Locked<[String]>([])
    let recorder = Recorder<Int, TestError>(extra: .max(1))
    upstream.breakpoint(
      receiveSubscription: { _ in
        checked.append("subscription")
        return false
      },
      receiveOutput: {
        checked.append("value \($0)")
        return false
      },
      receiveCompletion: {
        checked.append($0 == .finished ? "finished" : "failure")
        return false
      }
    ).subscribe(recorder)
    #expect(upstream.send(12) == .max(1))
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(21) == .max(1))
    #expect(
      recorder.events == [
        .subscription, .value(12), .completion(.finished), .completion(.failure(.boom)), .value(21),
      ])
    #expect(checked.value == ["subscription", "value 12", "finished", "failure", "value 21"])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func breakpointOnErrorStopsOnAFailureOnly() {
    let subject = PassthroughSubject<Int, TestError>()
    let breakpoint = subject.breakpointOnError()
    let recorder = Recorder<Int, TestError>()
    breakpoint.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(breakpoint.receiveSubscription == nil && breakpoint.receiveOutput == nil)
    #expect(breakpoint.receiveCompletion?(.finished) == false)
    #expect(breakpoint.receiveCompletion?(.failure(.boom)) == true)
  }

  @Test func itsSubscriberDescribesItselfAsBreakpoint() {
    let upstream = CapturingPublisher<Int, TestError>()
    upstream.breakpointOnError().subscribe(Recorder<Int, TestError>())
    #expect(upstream.described.description == "Breakpoint")
    #expect(upstream.described.labels.isEmpty)
  }

  @Test func aValueTheClosureStopsOnRaisesSIGTRAP() async {
    await #expect(processExitsWith: .signal(SIGTRAP)) {
      _ = Just(7).breakpoint(receiveOutput: { $0 == 7 }).sink { _ in }
    }
  }

  @Test func aFailureRaisesSIGTRAPUnderBreakpointOnError() async {
    await #expect(processExitsWith: .signal(SIGTRAP)) {
      _ = Fail<Int, TestError>(error: .boom).breakpointOnError().sink(
        receiveCompletion: { _ in }, receiveValue: { _ in })
    }
  }

  /// Each closure given alone: the others are `nil`, it is asked about its own events only, a second
  /// subscription and a second completion among them, and every event reaches the downstream as it
  /// came, the second subscription too; nothing is asked of the upstream for the downstream
  /// (OpenCombine's BreakpointTests testReceiveSubscription, testReceiveValue, testReceiveCompletion
  /// and testBreakpointOnError, at 1b8a26b).
  @Test func eachClosureAloneIsAskedAboutItsOwnEventsOnly() {
    let asked = Locked(0)
    let subscriptionOnly = Publishers.Breakpoint(
      upstream: HandDrivenPublisher<Int, TestError>(),
      receiveSubscription: { _ in
        asked.withLock { $0 += 1 }
        return false
      })
    let valueOnly = Publishers.Breakpoint(
      upstream: HandDrivenPublisher<Int, TestError>(),
      receiveOutput: {
        asked.withLock { $0 += 1 }
        return $0 < 0
      })
    let completionOnly = Publishers.Breakpoint(
      upstream: HandDrivenPublisher<Int, TestError>(),
      receiveCompletion: {
        asked.withLock { $0 += 1 }
        return $0 == .finished
      })
    #expect(subscriptionOnly.receiveOutput == nil && subscriptionOnly.receiveCompletion == nil)
    #expect(valueOnly.receiveSubscription == nil && valueOnly.receiveCompletion == nil)
    #expect(completionOnly.receiveSubscription == nil && completionOnly.receiveOutput == nil)
    let onError = HandDrivenPublisher<Int, TestError>().breakpointOnError()
    for (name, breakpoint, ending) in [
      ("subscription", subscriptionOnly, Subscribers.Completion<TestError>.finished),
      ("value", valueOnly, .finished), ("completion", completionOnly, .failure(.boom)),
      ("onError", onError, .finished),
    ] {
      asked.withLock { $0 = 0 }
      let upstream = breakpoint.upstream
      let recorder = Recorder<Int, TestError>(request: .none, extra: .max(1))
      breakpoint.subscribe(recorder)
      let first = upstream.giveSubscription()
      #expect(upstream.send(12) == .max(1), "\(name)")
      upstream.send(completion: ending)
      upstream.send(completion: ending)
      #expect(upstream.send(21) == .max(1), "\(name)")
      let second = upstream.giveSubscription()
      #expect(
        recorder.events == [
          .subscription, .value(12), .completion(ending), .completion(ending), .value(21), .subscription,
        ], "\(name)")
      #expect(first.calls.isEmpty && second.calls.isEmpty, "\(name)")
      #expect(asked.value == (name == "onError" ? 0 : 2), "\(name)")
    }
  }

  @Test func aSubscriptionTheClosureStopsOnRaisesSIGTRAP() async {
    await #expect(processExitsWith: .signal(SIGTRAP)) {
      _ = Just(7).breakpoint(receiveSubscription: { _ in true }).sink { _ in }
    }
  }

  @Test func aCompletionTheClosureStopsOnRaisesSIGTRAP() async {
    await #expect(processExitsWith: .signal(SIGTRAP)) {
      _ = Just(7).breakpoint(receiveCompletion: { $0 == .finished }).sink { _ in }
    }
  }

  /// OpenCombine's BreakpointTests.testBreakpointReflection, at 0239e54: in a playground too.
  @Test func itsSubscriberIsBreakpointInAPlayground() {
    let upstream = CapturingPublisher<Int, TestError>()
    upstream.breakpointOnError().subscribe(Recorder<Int, TestError>())
    #expect(playgroundText(upstream.subscriber as Any) == "Breakpoint")
  }
}
