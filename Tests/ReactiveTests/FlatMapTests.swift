import Dispatch
import Reactive
import Testing

@Suite struct FlatMapTests {
  @Test func interleavesThePublishersMadeAndFinishesOnceAllHave() {
    let upstream = PassthroughSubject<String, TestError>()
    let inners = ["a": PassthroughSubject<Int, TestError>(), "b": PassthroughSubject<Int, TestError>()]
    let recorder = Recorder<Int, TestError>()
    upstream.flatMap { inners[$0]! }.subscribe(recorder)
    upstream.send("a")
    inners["a"]!.send(1)
    upstream.send("b")
    inners["b"]!.send(2)
    inners["a"]!.send(3)
    upstream.send(completion: .finished)
    inners["a"]!.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    inners["b"]!.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test func maxPublishersLimitsHowManyAreSubscribedAtOnce() {
    let upstream = ManualPublisher<Int, TestError>()
    let inners = (0..<3).map { _ in PassthroughSubject<Int, TestError>() }
    let recorder = Recorder<Int, TestError>()
    upstream.flatMap(maxPublishers: .max(2)) { inners[$0] }.subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(2))])
    upstream.send(0)
    upstream.send(1)
    inners[0].send(completion: .finished)
    #expect(upstream.subscription.calls == [.request(.max(2)), .request(.max(1))])
    upstream.send(2)
    inners[2].send(20)
    #expect(recorder.events == [.subscription, .value(20)])
  }

  @Test func aPublishersFailureCancelsUpstreamAndTheOthers() {
    let upstream = ManualPublisher<Int, TestError>()
    let inners = (0..<2).map { _ in ManualPublisher<Int, TestError>() }
    let recorder = Recorder<Int, TestError>()
    upstream.flatMap { inners[$0] }.subscribe(recorder)
    upstream.send(0)
    upstream.send(1)
    inners[1].send(completion: .failure(.boom))
    inners[0].send(5)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(inners[0].subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func upstreamsFailureCancelsThePublishers() {
    let upstream = ManualPublisher<Int, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.flatMap { _ in inner }.subscribe(recorder)
    upstream.send(0)
    upstream.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(inner.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func withBoundedDemandEachPublisherIsAskedForOneValueAtATime() {
    let upstream = PassthroughSubject<Int, TestError>()
    let inner = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.flatMap { _ in inner }.subscribe(recorder)
    upstream.send(0)
    #expect(inner.subscription.calls == [.request(.max(1))])
    #expect(inner.send(1) == .max(1))
    #expect(inner.send(2) == .none)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func worksAcrossFailureTypes() {
    let neverFailing = Recorder<Int, Never>()
    Just(1).flatMap { Just($0 + 1) }.subscribe(neverFailing)
    #expect(neverFailing.events == [.subscription, .value(2), .completion(.finished)])
    let innerFails = Recorder<Int, TestError>()
    Just(1).flatMap { _ in Fail<Int, TestError>(error: .boom) }.subscribe(innerFails)
    #expect(innerFails.events == [.subscription, .completion(.failure(.boom))])
    let outerMayFail = Recorder<Int, TestError>()
    [1, 2].publisher.setFailureType(to: TestError.self).flatMap { Just($0 * 10) }.subscribe(outerMayFail)
    #expect(outerMayFail.events == [.subscription, .value(10), .value(20), .completion(.finished)])
  }

  @Test func deliversEveryValueOfConcurrentPublishersOneAtATimeThenFinishesOnce() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let received = Locked((count: 0, inside: 0, overlaps: 0, completions: 0))
    let cancellable = upstream.flatMap { $0 }.sink(
      receiveCompletion: { _ in received.withLock { $0.completions += 1 } },
      receiveValue: { _ in
        received.withLock {
          $0.inside += 1
          if $0.inside > 1 { $0.overlaps += 1 }
        }
        received.withLock {
          $0.count += 1
          $0.inside -= 1
        }
      })
    for inner in inners { upstream.send(inner) }
    upstream.send(completion: .finished)
    let perInner = 2_000
    let group = DispatchGroup()
    for inner in inners {
      DispatchQueue.global().async(group: group) {
        for value in 0..<perInner { inner.send(value) }
        inner.send(completion: .finished)
      }
    }
    #expect(group.wait(timeout: .now() + 5) == .success)
    #expect(received.value.count == inners.count * perInner)
    #expect(received.value.overlaps == 0)
    #expect(received.value.completions == 1)
    cancellable.cancel()
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: PassthroughSubject<Int, Never>().flatMap { Just($0) }).description == "FlatMap")
  }

  @Test func letsTheDownstreamAndTheTransformGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.flatMap { value in
          withExtendedLifetime(token) { Just(value).setFailureType(to: TestError.self) }
        }
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
  }
}
