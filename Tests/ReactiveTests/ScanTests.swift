import Reactive
import Testing

@Suite struct ScanTests {
  @Test func passesOnTheRunningResult() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.scan(10, +).subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(11), .value(13), .value(16), .completion(.finished)])
  }

  @Test func doesNotEmitTheInitialResultAlone() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<[Int], Never>()
    subject.scan([]) { $0 + [$1] }.subscribe(recorder)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func eachSubscriptionAccumulatesFromTheInitialResult() {
    let subject = PassthroughSubject<Int, Never>()
    let running = subject.scan(0, +)
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    running.subscribe(first)
    subject.send(5)
    running.subscribe(second)
    subject.send(1)
    #expect(first.events == [.subscription, .value(5), .value(6)])
    #expect(second.events == [.subscription, .value(1)])
  }

  @Test func honoursDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.scan(0, +).subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
  }

  // OpenCombine's ScanTests.testScanRange, at 1b8a26b: the running result goes on after the
  // completion, and a value then is passed on with it.
  @Test func keepsAccumulatingAfterTheCompletionAsCombineDoes() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.scan(0) { $0 + $1 * 2 }.subscribe(recorder)
    upstream.giveSubscription()
    for value in 2...5 { #expect(upstream.send(value) == .none) }
    upstream.send(completion: .finished)
    #expect(upstream.send(6) == .none)
    #expect(
      recorder.events == [
        .subscription, .value(4), .value(10), .value(18), .value(28), .completion(.finished), .value(40),
      ])
  }

  // OpenCombine's ScanTests.testScanCancel, at 1b8a26b: the downstream's cancel reaches the upstream,
  // whose subscription it holds, and what the upstream still sends passes, every completion too.
  @Test func aCancelReachesTheUpstreamAndWhatItStillSendsPasses() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.scan(0) { $0 + $1 * 2 }.subscribe(recorder)
    let subscription = upstream.giveSubscription()
    recorder.cancel()
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(subscription.calls == [.request(.unlimited), .cancel])
    #expect(
      recorder.events == [
        .subscription, .value(2), .completion(.finished), .completion(.finished),
        .completion(.failure(.boom)),
      ])
  }

  // OpenCombine's ScanTests.testScanReflection, at 1b8a26b: the mirror shows the running result, the
  // initial one before any value.
  @Test func showsTheRunningResultInItsMirror() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.scan(0, +).subscribe(Recorder<Int, TestError>())
    let inner = try #require(upstream.subscriber)
    let result = Mirror(reflecting: inner).children.first { $0.label == "result" }?.value
    #expect(result as? Int == 0)
  }
}
