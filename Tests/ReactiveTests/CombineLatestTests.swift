import Dispatch
import Reactive
import Testing

@Suite struct CombineLatestTests {
  @Test func combinesTheLatestValuesOnceEachUpstreamHasSentOne() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    a.send(1)
    a.send(2)
    b.send(2)
    a.send(3)
    a.send(45)
    b.send(22)
    #expect(
      recorder.events == [.subscription, .value("2,2"), .value("3,2"), .value("45,2"), .value("45,22")])
  }

  @Test func combinesWithATransform() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    a.combineLatest(b) { $0 * $1 }.subscribe(recorder)
    a.send(2)
    b.send(2)
    a.send(9)
    b.send(12)
    #expect(recorder.values == [4, 18, 108])
  }

  @Test func finishesOnceBothHaveFinishedStillCombiningWithAFinishedUpstreamsLastValue() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    a.send(1)
    a.send(completion: .finished)
    b.send(5)
    b.send(6)
    #expect(recorder.events == [.subscription, .value("1,5"), .value("1,6")])
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("1,5"), .value("1,6"), .completion(.finished)])
  }

  @Test func theFirstFailureEndsTheStreamAndCancelsTheOther() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    a.send(1)
    b.send(completion: .failure(.boom))
    a.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(a.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func everyRequestGoesToEveryUpstreamAndACombinationWaitsForDemand() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>(request: .max(2))
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    #expect(a.subscription.calls == [.request(.max(2))])
    #expect(b.subscription.calls == [.request(.max(2))])
    // Each upstream sends no more than the two values it was asked for.
    a.send(1)
    b.send(10)
    a.send(2)
    b.send(20)
    #expect(recorder.events == [.subscription, .value("1,10"), .value("2,10")])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value("1,10"), .value("2,10"), .value("2,20")])
    #expect(a.subscription.calls == [.request(.max(2)), .request(.max(1))])
    #expect(b.subscription.calls == [.request(.max(2)), .request(.max(1))])
  }

  // OpenCombine's CombineLatestTests.testUpstreamValueReceivedWhileSendingValue (at a7315a9, the
  // version stored): a value an upstream sends from inside the downstream's receive makes no
  // combination, then or after, and the source's call is answered with no demand. That the value
  // still becomes the source's latest, for the next combination, is Combine's documented buffer of
  // one latest value per upstream.
  @Test func aValueSentFromInsideTheDownstreamsReceiveMakesNoCombination() {
    let a = ManualPublisher<Int, Never>()
    let b = ManualPublisher<Int, Never>()
    let nestedDemand = Locked<[Subscribers.Demand]>([])
    let recorder = Recorder<Int, Never>(onValue: { value in
      if value == 2 { nestedDemand.append(a.send(5)) }
    })
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    #expect(a.send(1) == .none)
    #expect(b.send(1) == .none)
    #expect(recorder.values == [2])
    #expect(nestedDemand.value == [.none])
    b.send(10)
    #expect(recorder.values == [2, 15])
  }

  // The same downstream, sending from every value it receives, no longer feeds itself for ever.
  @Test func aDownstreamThatSendsFromEveryValueStops() {
    let a = ManualPublisher<Int, Never>()
    let b = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(onValue: { value in
      if value < 1_000 { a.send(value) }
    })
    a.combineLatest(b) { $0 + $1 }.subscribe(recorder)
    a.send(1)
    b.send(1)
    #expect(recorder.values == [2])
    b.send(1)
    #expect(recorder.values == [2, 3])
  }

  @Test func cancellingCancelsBothUpstreams() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.combineLatest(b).map { "\($0),\($1)" }.subscribe(recorder)
    recorder.cancel()
    a.send(1)
    b.send(1)
    #expect(recorder.events == [.subscription])
    #expect(a.subscription.calls.last == .cancel)
    #expect(b.subscription.calls.last == .cancel)
  }

  @Test func concurrentUpstreamsNeverOverlapAndTheLastCombinationHasBothLastValues() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let received = Locked((last: (0, 0), inside: 0, overlaps: 0, finished: false))
    let cancellable = a.combineLatest(b).sink(
      receiveCompletion: { _ in received.withLock { $0.finished = true } },
      receiveValue: { pair in
        received.withLock {
          $0.inside += 1
          if $0.inside > 1 { $0.overlaps += 1 }
          $0.last = pair
        }
        received.withLock { $0.inside -= 1 }
      })
    let group = DispatchGroup()
    for subject in [a, b] {
      DispatchQueue.global().async(group: group) {
        for value in 1...3_000 { subject.send(value) }
        subject.send(completion: .finished)
      }
    }
    #expect(group.wait(timeout: .now() + 5) == .success)
    #expect(received.value.overlaps == 0)
    #expect(received.value.last == (3_000, 3_000))
    #expect(received.value.finished)
    cancellable.cancel()
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: Just(1).combineLatest(Just(2)))
    #expect(reflected.description == "CombineLatest")
    #expect(reflected.children.isEmpty)
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.combineLatest(Just(0).setFailureType(to: TestError.self)) { $0 + $1 }
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}
