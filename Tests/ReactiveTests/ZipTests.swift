import Dispatch
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

  /// Two to four hand-driven upstreams and their zip, which sums the values of each tuple.
  private func summedZip(of arity: Int) -> ([ManualPublisher<Int, TestError>], AnyPublisher<Int, TestError>) {
    let upstreams = (0..<arity).map { _ in ManualPublisher<Int, TestError>() }
    switch arity {
    case 2: return (upstreams, upstreams[0].zip(upstreams[1]) { $0 + $1 }.eraseToAnyPublisher())
    case 3:
      return (upstreams, upstreams[0].zip(upstreams[1], upstreams[2]) { $0 + $1 + $2 }.eraseToAnyPublisher())
    default:
      return (
        upstreams,
        upstreams[0].zip(upstreams[1], upstreams[2], upstreams[3]) { $0 + $1 + $2 + $3 }.eraseToAnyPublisher()
      )
    }
  }

  // OpenCombine's ZipTests.testSendsExpectedValues and testIncreasedDemand, at 0239e54 (the version
  // stored): a value from each upstream makes one tuple; the demand it is answered with goes back to
  // the last upstream, whose value made it, and the others' values ask for nothing.
  @Test(arguments: 2...4)
  func aValueFromEachUpstreamMakesOneTupleAnsweredWithTheDemandOfTheLast(arity: Int) {
    let (upstreams, zip) = summedZip(of: arity)
    let recorder = Recorder<Int, TestError>(request: .none, extra: .max(1))
    zip.subscribe(recorder)
    for (index, upstream) in upstreams.enumerated() {
      #expect(upstream.send(1) == (index == arity - 1 ? .max(1) : .none), "\(index)")
    }
    #expect(recorder.events == [.subscription, .value(arity)])
  }

  // OpenCombine's ZipTests.testChildDemand, at 0239e54 (the version stored): each request is passed
  // to every upstream as it is, after an unlimited one too, and a tuple asks for nothing more.
  @Test(arguments: [Subscribers.Demand.unlimited, .max(1)])
  func passesEveryRequestToEveryUpstreamAsItIs(initial: Subscribers.Demand) {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    a.zip(b) { $0 + $1 }.subscribe(recorder)
    recorder.request(initial)
    #expect(a.subscription.calls == [.request(initial)])
    #expect(b.subscription.calls == [.request(initial)])
    #expect(a.send(1) == .none)
    #expect(b.send(1) == .none)
    #expect(a.subscription.calls == [.request(initial)])
    #expect(b.subscription.calls == [.request(initial)])
    #expect(recorder.events == [.subscription, .value(2)])
    recorder.request(.max(2))
    #expect(a.subscription.calls == [.request(initial), .request(.max(2))])
    #expect(b.subscription.calls == [.request(initial), .request(.max(2))])
  }

  // OpenCombine's ZipTests.testUpstreamValueReceivedWhileSendingValue, at 0239e54 (the version
  // stored): a value an upstream sends while a tuple is delivered waits for the others' values.
  @Test func aValueSentWhileATupleIsDeliveredWaitsForTheOthers() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let nested = Locked<Subscribers.Demand?>(nil)
    let recorder = Recorder<Int, TestError>(onValue: { _ in nested.withLock { $0 = a.send(1) } })
    a.zip(b) { $0 + $1 }.subscribe(recorder)
    #expect(a.send(1) == .none)
    #expect(b.send(1) == .none)
    #expect(nested.value == Subscribers.Demand.none)
    #expect(recorder.events == [.subscription, .value(2)])
    #expect(b.send(5) == .none)
    #expect(recorder.events == [.subscription, .value(2), .value(6)])
  }

  // OpenCombine's ZipTests.testUpstreamFinishReceivedWhileSendingValue, at 0239e54 (the version
  // stored): an upstream finishing while a tuple is delivered, with a value of its own still
  // waiting, ends nothing.
  @Test func anUpstreamFinishingWhileATupleIsDeliveredWithAValueWaitingEndsNothing() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(onValue: { _ in a.send(completion: .finished) })
    a.zip(b) { $0 + $1 }.subscribe(recorder)
    #expect(a.send(1) == .none)
    #expect(a.send(1) == .none)
    #expect(b.send(1) == .none)
    #expect(recorder.events == [.subscription, .value(2)])
    #expect(b.subscription.calls == [.request(.unlimited)])
  }

  // OpenCombine's ZipTests.testImmediateFinishWhenOneChildFinishesWithNoSurplus, at 0239e54 (the
  // version stored): whichever upstream finishes with nothing waiting ends the stream at once, and
  // every other upstream is cancelled, not the one that finished.
  @Test(arguments: 2...4)
  func anyUpstreamFinishingWithNothingWaitingFinishesAndCancelsTheOthers(arity: Int) {
    for finishing in 0..<arity {
      let (upstreams, zip) = summedZip(of: arity)
      let recorder = Recorder<Int, TestError>()
      zip.subscribe(recorder)
      upstreams[finishing].send(completion: .finished)
      #expect(recorder.events == [.subscription, .completion(.finished)], "\(finishing)")
      for (index, upstream) in upstreams.enumerated() {
        let calls: [RecordingSubscription.Call] =
          index == finishing ? [.request(.unlimited)] : [.request(.unlimited), .cancel]
        #expect(upstream.subscription.calls == calls, "\(finishing) \(index)")
      }
    }
  }

  // OpenCombine's ZipTests.testDelayedFinishWhenOneChildFinishesWithSurplus, at 0239e54 (the
  // version stored): an upstream finishing with a value waiting ends nothing until another, with
  // nothing waiting, finishes; one finishing with nothing waiting while another has a value ends the
  // stream at once.
  @Test(arguments: 2...4)
  func anUpstreamFinishingWithAValueWaitingEndsNothingUntilAnotherFinishes(arity: Int) {
    for sending in 0..<arity {
      for finishing in 0..<arity {
        let (upstreams, zip) = summedZip(of: arity)
        let recorder = Recorder<Int, TestError>()
        zip.subscribe(recorder)
        upstreams[sending].send(666)
        upstreams[finishing].send(completion: .finished)
        if sending == finishing {
          #expect(recorder.events == [.subscription], "\(sending) \(finishing)")
          for (index, upstream) in upstreams.enumerated() where index != finishing {
            upstream.send(completion: .finished)
          }
        }
        #expect(recorder.events == [.subscription, .completion(.finished)], "\(sending) \(finishing)")
      }
    }
  }

  // OpenCombine's ZipTests testAValueAfterAChildFinishedWithoutSurplus and
  // testBValueAfterAChildFinishedWithoutSurplus, at 0239e54 (the version stored): after an upstream
  // finished with nothing waiting, the values and completion that follow, from either upstream, are
  // ignored.
  @Test func afterAFinishWithNothingWaitingWhatFollowsIsIgnored() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.zip(b) { $0 + $1 }.subscribe(recorder)
    a.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    a.send(200)
    b.send(1)
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  // OpenCombine's ZipTests testAValueAfterAChildFinishedWithSurplus and
  // testBValueAfterAChildFinishedWithSurplus, at 0239e54 (the version stored): an upstream that
  // finished with a value waiting has that value zipped with the other's next, and the stream then
  // finishes; the other's finish after that is ignored.
  @Test func aValueWaitingFromAFinishedUpstreamIsZippedAndThenTheStreamFinishes() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.zip(b) { $0 + $1 }.subscribe(recorder)
    a.send(100)
    a.send(completion: .finished)
    a.send(200)
    #expect(recorder.events == [.subscription])
    b.send(1)
    #expect(recorder.events == [.subscription, .value(101), .completion(.finished)])
    b.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(101), .completion(.finished)])
  }

  // OpenCombine's ZipTests testFinishAfterFinished, testFinishAfterFailed, testFailedAfterFinished
  // and testFailedAfterFailed, at 0239e54 (the version stored): only the first completion reaches
  // the downstream, whichever upstream sends the next.
  @Test func onlyTheFirstCompletionCounts() {
    let first: [Subscribers.Completion<TestError>] = [.finished, .failure(.boom)]
    for completion in first {
      for later in first {
        let a = ManualPublisher<Int, TestError>()
        let b = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        a.zip(b) { $0 + $1 }.subscribe(recorder)
        a.send(completion: completion)
        b.send(completion: .finished)
        a.send(completion: later)
        b.send(completion: .failure(.other))
        #expect(recorder.events == [.subscription, .completion(completion)], "\(completion) \(later)")
      }
    }
  }

  // OpenCombine's ZipTests.testZipReferenceIssue, at 0239e54 (the version stored), on a virtual
  // clock: two delayed publishers are zipped once both have delivered.
  @Test func zipsTwoDelayedPublishers() {
    let scheduler = DispatchQueue.test
    let recorder = Recorder<String, Never>()
    Publishers.Zip(
      Just(1).delay(for: .milliseconds(600), scheduler: scheduler),
      Just(2).delay(for: .milliseconds(600), scheduler: scheduler)
    ).map { "\($0)-\($1)" }.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .milliseconds(600))
    #expect(recorder.events == [.subscription, .value("1-2"), .completion(.finished)])
  }

  // OpenCombine's ZipTests.testZipDocumentationDemo, at 0239e54 (the version stored): the example
  // in Combine's documentation of zipping four publishers.
  @Test func zipsFourPublishersAsCombinesDocumentationShows() {
    let numbers = PassthroughSubject<Int, TestError>()
    let letters = PassthroughSubject<String, TestError>()
    let emoji = PassthroughSubject<String, TestError>()
    let fractions = PassthroughSubject<Double, TestError>()
    let recorder = Recorder<String, TestError>()
    numbers.zip(letters, emoji, fractions) { number, letter, emoji, fraction in
      "\(String(repeating: emoji, count: number)) \(String(repeating: letter, count: number)) \(fraction)"
    }.subscribe(recorder)
    numbers.send(1)
    numbers.send(2)
    numbers.send(3)
    fractions.send(0.1)
    letters.send("A")
    emoji.send("😀")
    #expect(recorder.events == [.subscription, .value("😀 A 0.1")])
    letters.send("B")
    fractions.send(0.8)
    emoji.send("🥰")
    #expect(recorder.events == [.subscription, .value("😀 A 0.1"), .value("🥰🥰 BB 0.8")])
  }

  // OpenCombine's ZipTests.testZipCompletesOnlyAfterAllChildrenComplete, at 0239e54 (the version
  // stored): an upstream that finished with values waiting has them zipped with the other's, the
  // stream finishing when the last is used; then only the other upstream is cancelled, and its
  // finish is ignored.
  @Test func theValuesAFinishedUpstreamLeftAreZippedThenOnlyTheOtherIsCancelled() {
    let a = ManualPublisher<Int, TestError>()
    let b = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    a.zip(b) { $0 + $1 }.subscribe(recorder)
    for value in [100, 200, 300] { #expect(a.send(value) == .none) }
    #expect(b.send(1) == .none)
    a.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(101)])
    #expect(b.send(2) == .none)
    #expect(b.send(3) == .none)
    #expect(
      recorder.events == [.subscription, .value(101), .value(202), .value(303), .completion(.finished)])
    b.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(101), .value(202), .value(303), .completion(.finished)])
    #expect(a.subscription.calls == [.request(.unlimited)])
    #expect(b.subscription.calls == [.request(.unlimited), .cancel])
  }
}
