import Reactive
import Testing

@Suite struct MergeManyTests {
  @Test func interleavesAnyNumberOfUpstreams() {
    let subjects = (0..<4).map { _ in PassthroughSubject<Int, TestError>() }
    let recorder = Recorder<Int, TestError>()
    Publishers.MergeMany(subjects).subscribe(recorder)
    for (index, subject) in subjects.enumerated().reversed() {
      subject.send(index)
      subject.send(completion: .finished)
    }
    #expect(
      recorder.events == [.subscription, .value(3), .value(2), .value(1), .value(0), .completion(.finished)])
  }

  @Test func withNoUpstreamItFinishesAtOnce() {
    let recorder = Recorder<Int, Never>(request: .none)
    Publishers.MergeMany<Just<Int>>([]).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func mergingWithOneMoreAppendsIt() {
    let merged = Publishers.MergeMany(Just(1), Just(2)).merge(with: Just(3))
    #expect(merged.publishers == [Just(1), Just(2), Just(3)])
    let recorder = Recorder<Int, Never>()
    merged.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  // As OpenCombine's MergeTests.testUpstreamExceedsDemand: waiting values go out in upstream order.
  @Test func boundedDemandTakesWaitingValuesInUpstreamOrder() {
    let upstreams = (0..<3).map { _ in ManualPublisher<Int, TestError>() }
    let recorder = Recorder<Int, TestError>(request: .none)
    Publishers.MergeMany(upstreams).subscribe(recorder)
    upstreams[2].send(20)
    upstreams[0].send(0)
    upstreams[1].send(10)
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(0), .value(10)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(0), .value(10), .value(20)])
  }

  // As OpenCombine's MergeTests.testBCancelledAfterAFailed: the upstream that failed is cancelled too.
  @Test func theFirstFailureCancelsEveryUpstream() {
    let upstreams = (0..<3).map { _ in ManualPublisher<Int, TestError>() }
    let recorder = Recorder<Int, TestError>()
    Publishers.MergeMany(upstreams).subscribe(recorder)
    upstreams[1].send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstreams.map { $0.subscription.calls.last } == [.cancel, .cancel, .cancel])
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in Publishers.MergeMany(upstream) }
      #expect(released.downstream, "\(ending)")
    }
  }
}
