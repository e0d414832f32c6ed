import Reactive
import Testing

@Suite struct MapErrorTests {
  enum WrappedError: Error, Equatable {
    case wrapped(TestError)
  }

  @Test func convertsTheFailureAndPassesValuesUnchanged() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, WrappedError>()
    subject.mapError { WrappedError.wrapped($0) }.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.wrapped(.boom)))])
  }

  @Test func passesFinishedAndDemandThrough() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, WrappedError>(request: .max(1), extra: .max(2))
    upstream.mapError { WrappedError.wrapped($0) }.subscribe(recorder)
    #expect(upstream.send(1) == .max(2))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.max(1))])
  }

  /// As Combine's (OpenCombine's MapErrorTests: testEmpty, testRange): the subscriber is given the
  /// upstream's own subscription, and the upstream sees a subscriber named "MapError".
  @Test func handsTheUpstreamsSubscriptionDownstream() {
    #expect(
      reflection(of: PassthroughSubject<Int, TestError>().mapError { $0 }).description == "PassthroughSubject"
    )
    let upstream = ManualPublisher<Int, TestError>()
    upstream.mapError { $0 }.subscribe(Recorder<Int, TestError>())
    #expect(upstream.subscriberDescriptions == ["MapError"])
  }

  /// As Combine's (testError, testMapErrorReceiveValueBeforeSubscription): it keeps no state, so a
  /// second completion and a value after the completion pass on, each mapped.
  @Test func passesOnWhateverTheUpstreamSendsAfterTheCompletion() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, WrappedError>(extra: .max(3))
    upstream.mapError { WrappedError.wrapped($0) }.subscribe(recorder)
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(7) == .max(3))
    #expect(
      recorder.events == [
        .subscription, .completion(.failure(.wrapped(.boom))), .completion(.failure(.wrapped(.boom))),
        .value(7),
      ])
  }

  /// Its subscriber and transform live as long as the upstream keeps it: a subject lets go of them
  /// when the subscriber cancels or the subject completes.
  @Test func letsTheDownstreamAndTheTransformGoWhenTheUpstreamDoes() {
    for finishes in [false, true] {
      let subject = PassthroughSubject<Int, TestError>()
      weak var weakRecorder: Recorder<Int, TestError>?
      weak var weakToken: CapturedToken?
      do {
        let token = CapturedToken()
        let recorder = Recorder<Int, TestError>()
        weakToken = token
        weakRecorder = recorder
        subject.mapError { error in withExtendedLifetime(token) { error } }.subscribe(recorder)
        subject.send(1)
        if finishes { subject.send(completion: .finished) } else { recorder.cancel() }
      }
      #expect(weakRecorder == nil && weakToken == nil, "finishes: \(finishes)")
    }
  }
}

extension MapErrorTests {
  // OpenCombine's MapErrorTests testNoDemand, testDemandSubscribe and testCancel, at 0239e54, the
  // version stored (1b8a26b not being).
  @Test func asksTheUpstreamNothingOfItsOwnAndPassesTheFirstRequestAndTheCancelOn() {
    let silent = ManualPublisher<Int, TestError>()
    silent.mapError { WrappedError.wrapped($0) }.subscribe(Recorder<Int, WrappedError>(request: .none))
    #expect(silent.subscription.calls == [])
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, WrappedError>(request: .max(42))
    upstream.mapError { WrappedError.wrapped($0) }.subscribe(recorder)
    recorder.cancel()
    #expect(upstream.subscription.calls == [.request(.max(42)), .cancel])
  }

  // OpenCombine's MapErrorTests.testMapErrorReflection, at 0239e54, the version stored.
  @Test func theUpstreamSeesItsSubscriberAsMapErrorInAPlaygroundTooWithNoMirrorChildren() throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    upstream.mapError { $0 }.subscribe(Recorder<Int, TestError>())
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == "MapError")
    #expect(playgroundText(inner) == "MapError")
    #expect(mirrorLabels(inner) == [])
  }

  // OpenCombine's MapErrorTests.testMapErrorLifecycle (cancellingSubscriptionReleasesSubscriber:
  // true), at 0239e54, the version stored: a subject's failure lets the downstream and transform go
  // too, and they are kept while the subscription lasts.
  @Test func fedByASubjectLetsItsDownstreamGoAtAFailureAndKeepsItWhileTheSubscriptionLasts() {
    for fails in [false, true] {
      let subject = PassthroughSubject<Int, TestError>()
      weak var weakRecorder: Recorder<Int, WrappedError>?
      weak var weakToken: CapturedToken?
      do {
        let token = CapturedToken()
        let recorder = Recorder<Int, WrappedError>()
        weakToken = token
        weakRecorder = recorder
        subject.mapError { error in withExtendedLifetime(token) { WrappedError.wrapped(error) } }
          .subscribe(recorder)
        subject.send(31)
        if fails { subject.send(completion: .failure(.boom)) }
        #expect(recorder.events.last == (fails ? .completion(.failure(.wrapped(.boom))) : .value(31)))
      }
      #expect((weakRecorder == nil) == fails, "fails: \(fails)")
      #expect((weakToken == nil) == fails, "fails: \(fails)")
      withExtendedLifetime(subject) {}
    }
  }
}
