import Reactive
import Testing

@Suite struct ZipTests {
  @Test func pairsTheValuesInOrder() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<String, TestError>()
    let recorder = Recorder<String, TestError>()
    a.zip(b).map { "\($0)\($1)" }.subscribe(recorder)
    a.send(1)
    a.send(2)
    b.send("a")
    a.send(3)
    b.send("b")
    #expect(recorder.events == [.subscription, .value("1a"), .value("2b")])
  }

  @Test func pairsWithATransform() {
    let recorder = Recorder<Int, Never>()
    [1, 2, 3].publisher.zip([10, 20].publisher) { $0 + $1 }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(11), .value(22), .completion(.finished)])
  }

  @Test func finishesOnceAnUpstreamHasFinishedWithNothingWaitingAndCancelsTheOther() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.zip(b).map { "\($0)-\($1)" }.subscribe(recorder)
    a.send(1)
    a.send(2)
    a.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    b.send(10)
    #expect(recorder.events == [.subscription, .value("1-10")])
    b.send(20)
    #expect(recorder.events == [.subscription, .value("1-10"), .value("2-20"), .completion(.finished)])
    #expect(b.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func anUpstreamFinishingWithNothingWaitingEndsTheStreamAtOnce() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.zip(b).map { "\($0)-\($1)" }.subscribe(recorder)
    a.send(1)
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func aFailureEndsTheStreamAtOnce() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.zip(b).map { "\($0)-\($1)" }.subscribe(recorder)
    a.send(1)
    b.send(completion: .failure(.boom))
    b.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  // Combine cancels every upstream when one fails, the failing one too (OpenCombine's
  // ZipTests.testBCancelledAfterAFailed).
  @Test func aFailureCancelsEveryUpstream() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.zip(b).map { "\($0)-\($1)" }.subscribe(recorder)
    a.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(a.subscription.calls == [.request(.unlimited), .cancel])
    #expect(b.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's ZipTests.testUpstreamExceedsDemand: Combine's zip sends a tuple as soon as every
  // upstream has a value for it, whatever the downstream's demand ("Surplus is sent downstream
  // despite demand of zero"); demand only passes through to the upstreams.
  @Test func sendsATupleAsSoonAsItIsMadeEvenBeyondTheDemandAndPassesRequestsToEveryUpstream() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>(request: .max(1))
    a.zip(b).map { "\($0)-\($1)" }.subscribe(recorder)
    // A hand-driven upstream, unlike a subject, may send beyond the demand it was given.
    a.send(1)
    a.send(2)
    b.send(10)
    b.send(20)
    #expect(recorder.events == [.subscription, .value("1-10"), .value("2-20")])
    recorder.request(.max(1))
    #expect(a.subscription.calls == [.request(.max(1)), .request(.max(1))])
    #expect(b.subscription.calls == [.request(.max(1)), .request(.max(1))])
  }

  // ZipTests.testChildDemand and testDownstreamDemandRequestedWhileSendingValue: the demand the
  // downstream answers a tuple with is the value's demand for the upstream whose value made the
  // tuple, and is requested from the others.
  @Test func theDemandATupleIsAnsweredWithGoesBackToTheUpstreamThatMadeItAndToTheOthersAsARequest() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<String, TestError>(request: .max(1), extra: .max(2))
    a.zip(b).map { "\($0)-\($1)" }.subscribe(recorder)
    #expect(a.send(1) == .none)
    #expect(b.send(10) == .max(2))
    #expect(recorder.events == [.subscription, .value("1-10")])
    #expect(a.subscription.calls == [.request(.max(1)), .request(.max(2))])
    #expect(b.subscription.calls == [.request(.max(1))])
  }

  // OpenCombine's ZipTests.testDownstreamDemandRequestedWhileSendingValue: a request made while a
  // tuple is delivered during an upstream's call is that call's demand, and a request of the others.
  @Test(arguments: [Subscribers.Demand.unlimited, .max(10)])
  func aRequestMadeWhileATupleIsDeliveredGoesBackToTheUpstreamThatMadeIt(initial: Subscribers.Demand) {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    var subscription: (any Subscription)?
    a.zip(b).subscribe(
      AnySubscriber<(Int, Int), TestError>(
        receiveSubscription: { given in
          subscription = given
          given.request(initial)
        },
        receiveValue: { _ in
          subscription?.request(.max(666))
          return .none
        },
        receiveCompletion: nil))
    #expect(a.send(1) == .none)
    #expect(b.send(1) == .max(666))
    #expect(a.subscription.calls == [.request(initial), .request(.max(666))])
    #expect(b.subscription.calls == [.request(initial)])
    subscription?.request(.max(3))
    #expect(a.subscription.calls == [.request(initial), .request(.max(666)), .request(.max(3))])
    #expect(b.subscription.calls == [.request(initial), .request(.max(3))])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: Just(1).zip(Just(2))).description == "Zip")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.zip(ending == .finish ? Empty() : Empty(completeImmediately: false)) { $0 + $1 }
      }
      #expect(released.downstream, "\(ending)")
    }
  }

  // OpenCombine's ZipTests.testZipCurrentValueSubject (stored at 0239e54): a sequence zipped with a
  // current-value subject pairs the sequence's value with the current value, then finishes, as the
  // sequence has finished and nothing of it waits.
  @Test func zipsASequenceWithACurrentValueSubjectsCurrentValueThenFinishes() {
    let subject = CurrentValueSubject<String, Never>("now")
    let log = Locked<[String]>([])
    let cancellable = [42].publisher.zip(subject).sink(
      receiveCompletion: { log.append("\($0)") }, receiveValue: { log.append("\($0.0) \($0.1)") })
    #expect(log.value == ["42 now", "finished"])
    cancellable.cancel()
  }
}
