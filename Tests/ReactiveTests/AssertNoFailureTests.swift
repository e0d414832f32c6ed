import Reactive
import Testing

/// `assertNoFailure(_:file:line:)`, as OpenCombine's AssertNoFailureTests show Combine's: values,
/// completions and subscriptions pass through unchanged, even after a completion, and the downstream
/// gets the upstream's own subscription; a failure stops the process with the prefix and the error
/// (checked in a child process).
@Suite struct AssertNoFailureTests {
  @Test func valuesAndFinishingPassThroughUnchanged() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(2))
    let neverFails: Publishers.AssertNoFailure<ManualPublisher<Int, TestError>> = upstream.assertNoFailure()
    neverFails.subscribe(recorder)
    #expect(upstream.send(1) == .max(2))
    #expect(upstream.send(2) == .max(2))
    recorder.request(.max(42))
    upstream.send(completion: .finished)
    upstream.send(completion: .finished)
    #expect(upstream.send(3) == .max(2))
    #expect(
      recorder.events == [
        .subscription, .value(1), .value(2), .completion(.finished), .completion(.finished), .value(3),
      ])
    #expect(upstream.subscription.calls == [.request(.max(1)), .request(.max(42))])
  }

  @Test func itsSubscriberDescribesItselfWithWhereItWasMade() {
    let upstream = CapturingPublisher<Int, TestError>()
    upstream.assertNoFailure("PREFIX", file: "SomeFile.swift", line: 1987).subscribe(Recorder<Int, Never>())
    #expect(upstream.described.description == "AssertNoFailure")
    #expect(upstream.described.labels == ["file", "line", "prefix"])
    #expect(upstream.described.values == ["SomeFile.swift", "1987", "PREFIX"])
  }

  @Test func aFailureStopsTheProcessWithThePrefixAndTheError() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Fail<Int, TestError>(error: .boom).assertNoFailure("basket").sink { _ in }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Fatal error: basket: boom"))
  }

  @Test func withoutAPrefixTheMessageIsTheError() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Fail<Int, TestError>(error: .other).assertNoFailure().sink { _ in }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Fatal error: other"))
  }

  // OpenCombine's AssertNoFailureTests.testPassThroughInput, at 0239e54: a subscription the upstream
  // hands over again reaches the downstream again, itself, and the downstream's calls go to it.
  @Test func aSubscriptionHandedOverAgainReachesTheDownstreamItself() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.assertNoFailure().subscribe(recorder)
    upstream.giveSubscription()
    let again = upstream.giveSubscription()
    #expect(recorder.events == [.subscription, .subscription])
    recorder.request(.max(42))
    recorder.cancel()
    #expect(again.calls == [.request(.max(42)), .cancel])
  }

  // OpenCombine's AssertNoFailureTests.testCrashesOnFailure, at 0239e54: a failure after a finish
  // still stops the process.
  @Test func aFailureAfterAFinishStillStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let upstream = ManualPublisher<Int, TestError>()
      upstream.assertNoFailure().subscribe(Recorder<Int, Never>())
      upstream.send(completion: .finished)
      upstream.send(completion: .failure(.boom))
    }
  }
}
