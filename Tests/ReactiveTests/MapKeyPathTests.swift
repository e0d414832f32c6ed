import Reactive
import Testing

/// `map` with one, two and three key paths, as OpenCombine's MapKeyPathTests show Combine's: the
/// properties are read from each value, nothing is kept in between (the upstream's subscription goes
/// downstream, everything the upstream sends is passed on), and the subscriber describes itself as
/// `ValueForKey` or `ValueForKeys`.
@Suite struct MapKeyPathTests {
  private struct Point: Equatable {
    var x: Int
    var y: Int
    var label: String
  }

  @Test func oneKeyPathReadsThePropertyOfEachValue() {
    let subject = PassthroughSubject<Point, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.map(\.x).subscribe(recorder)
    subject.send(Point(x: 1, y: 2, label: "a"))
    subject.send(Point(x: 3, y: 4, label: "b"))
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.failure(.boom))])
  }

  @Test func twoKeyPathsReadATupleOfProperties() {
    let subject = PassthroughSubject<Point, Never>()
    let recorder = Recorder<[String], Never>()
    subject.map(\.x, \.label).map { ["\($0.0)", $0.1] }.subscribe(recorder)
    subject.send(Point(x: 1, y: 2, label: "a"))
    subject.send(Point(x: 3, y: 4, label: "b"))
    subject.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(["1", "a"]), .value(["3", "b"]), .completion(.finished)])
  }

  @Test func threeKeyPathsReadATupleOfProperties() {
    let subject = PassthroughSubject<Point, Never>()
    let recorder = Recorder<[String], Never>()
    subject.map(\.y, \.label, \.x).map { ["\($0.0)", $0.1, "\($0.2)"] }.subscribe(recorder)
    subject.send(Point(x: 1, y: 2, label: "a"))
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(["2", "a", "1"]), .completion(.finished)])
  }

  @Test func theDownstreamGetsTheUpstreamsSubscriptionAndItsDemandIsReturned() {
    let upstream = ManualPublisher<Point, Never>()
    let received = Locked<(any Subscription)?>(nil)
    let values = Locked<[Int]>([])
    upstream.map(\.x).subscribe(
      AnySubscriber(
        receiveSubscription: { subscription in
          received.withLock { $0 = subscription }
          subscription.request(.max(2))
        },
        receiveValue: { value in
          values.append(value)
          return .max(3)
        }))
    #expect((received.value as? RecordingSubscription) === upstream.subscription)
    #expect(upstream.subscription.calls == [.request(.max(2))])
    #expect(upstream.send(Point(x: 7, y: 0, label: "")) == .max(3))
    #expect(values.value == [7])
  }

  @Test func everythingTheUpstreamSendsIsPassedOnEvenAfterItsCompletion() {
    let upstream = ManualPublisher<Point, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.map(\.y).subscribe(recorder)
    upstream.send(Point(x: 0, y: 1, label: ""))
    upstream.send(completion: .finished)
    upstream.send(Point(x: 0, y: 2, label: ""))
    upstream.send(completion: .failure(.boom))
    #expect(
      recorder.events == [
        .subscription, .value(1), .completion(.finished), .value(2), .completion(.failure(.boom)),
      ])
  }

  @Test func itsSubscriberDescribesItselfAsCombinesDoes() {
    let upstream = CapturingPublisher<Point, Never>()
    upstream.map(\.x).subscribe(Recorder<Int, Never>())
    let one = upstream.described
    upstream.map(\.x, \.y).subscribe(AnySubscriber<(Int, Int), Never>())
    let two = upstream.described
    upstream.map(\.x, \.y, \.label).subscribe(AnySubscriber<(Int, Int, String), Never>())
    let three = upstream.described
    #expect(one.0 == "ValueForKey" && one.1 == ["keyPath"] && one.2 == ["\(\Point.x)"])
    #expect(two.0 == "ValueForKeys" && two.1 == ["keyPath0", "keyPath1"])
    #expect(two.2 == ["\(\Point.x)", "\(\Point.y)"])
    #expect(three.0 == "ValueForKeys" && three.1 == ["keyPath0", "keyPath1", "keyPath2"])
  }

  @Test func aMapKeyPathIsAPublisherOfItsOwnType() {
    let subject = PassthroughSubject<Point, Never>()
    let one: Publishers.MapKeyPath<PassthroughSubject<Point, Never>, Int> = subject.map(\.x)
    let two: Publishers.MapKeyPath2<PassthroughSubject<Point, Never>, Int, String> = subject.map(\.x, \.label)
    let afterMap: Publishers.MapKeyPath<Publishers.Map<PassthroughSubject<Point, Never>, Point>, Int> =
      subject.map { $0 }.map(\.x)
    #expect(one.keyPath == \Point.x)
    #expect(two.keyPath0 == \Point.x && two.keyPath1 == \Point.label)
    #expect(afterMap.keyPath == \Point.x)
  }
}

extension MapKeyPathTests {
  fileprivate struct Number {
    let value: Int
    var doubled: Int { value * 2 }
    var tripled: Int { value * 3 }
    var quadrupled: Int { value * 4 }
  }

  /// Checks, for the operator `make` builds on a ``ManualPublisher``, what OpenCombine's MapTests
  /// helpers check for map and MapKeyPathTests for the key path forms: nothing asked of the upstream
  /// of the operator's own, the first request and the cancel passed on as they are, a value answered
  /// with the downstream's demand, after the cancel too, and a second failure passed on.
  private static func passesEverythingThrough<P: Publisher>(
    _ name: String, _ make: (ManualPublisher<Number, TestError>) -> P
  ) where P.Failure == TestError {
    let silent = ManualPublisher<Number, TestError>()
    make(silent).subscribe(AnySubscriber<P.Output, TestError>(receiveSubscription: { _ in }))
    #expect(silent.subscription.calls == [], "\(name)")

    let asking = ManualPublisher<Number, TestError>()
    make(asking).subscribe(AnySubscriber<P.Output, TestError>(receiveSubscription: { $0.request(.max(42)) }))
    #expect(asking.subscription.calls == [.request(.max(42))], "\(name)")

    let upstream = ManualPublisher<Number, TestError>()
    let subscription = Locked<(any Subscription)?>(nil)
    let events = Locked<[String]>([])
    make(upstream).subscribe(
      AnySubscriber<P.Output, TestError>(
        receiveSubscription: { received in
          subscription.withLock { $0 = received }
          received.request(.unlimited)
        },
        receiveValue: { value in
          events.append("\(value)")
          return .max(111)
        },
        receiveCompletion: { events.append("\($0)") }))
    #expect(upstream.send(Number(value: 1)) == .max(111), "\(name)")
    subscription.value?.cancel()
    #expect(upstream.send(Number(value: 2)) == .max(111), "\(name)")
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .failure(.boom))
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel], "\(name)")
    #expect(events.value.count == 4, "\(name): \(events.value)")
  }

  // OpenCombine's MapKeyPathTests testNoDemand, testRequestDemandOnSubscribe, testDemandOnReceive,
  // testCancel and testError, at 0239e54, the version stored (1b8a26b not being), for one, two and
  // three key paths.
  @Test func eachFormPassesEveryRequestCancelAndCompletionAndTheDownstreamsDemandThrough() {
    Self.passesEverythingThrough("one") { $0.map(\.doubled) }
    Self.passesEverythingThrough("two") { $0.map(\.doubled, \.tripled) }
    Self.passesEverythingThrough("three") { $0.map(\.doubled, \.tripled, \.quadrupled) }
  }

  /// Subscribes a sink through the operator `make` builds on a subject, sends a value, ends as
  /// `ending` says (nil: not at all), and says whether the sink was let go.
  private static func sinkReleased<P: Publisher>(
    _ ending: StreamEnding?, _ make: (PassthroughSubject<Number, TestError>) -> P
  ) -> Bool where P.Failure == TestError {
    let subject = PassthroughSubject<Number, TestError>()
    weak var weakSink: Subscribers.Sink<P.Output, TestError>?
    do {
      let sink = Subscribers.Sink<P.Output, TestError>(receiveCompletion: { _ in }, receiveValue: { _ in })
      weakSink = sink
      make(subject).subscribe(sink)
      subject.send(Number(value: 31))
      switch ending {
      case .cancel: sink.cancel()
      case .finish: subject.send(completion: .finished)
      case .fail: subject.send(completion: .failure(.boom))
      case nil: break
      }
    }
    let released = weakSink == nil
    withExtendedLifetime(subject) {}
    return released
  }

  // OpenCombine's MapKeyPathTests.testMapKeyPathLifecycle (cancellingSubscriptionReleasesSubscriber:
  // true), at 0239e54, for one, two and three key paths.
  @Test func eachFormFedByASubjectLetsItsDownstreamGoAtEachEndingAndKeepsItWhileItLasts() {
    for ending in [StreamEnding?.none, .cancel, .finish, .fail] {
      let released = [
        Self.sinkReleased(ending) { $0.map(\.doubled) },
        Self.sinkReleased(ending) { $0.map(\.doubled, \.tripled) },
        Self.sinkReleased(ending) { $0.map(\.doubled, \.tripled, \.quadrupled) },
      ]
      #expect(released == Array(repeating: ending != nil, count: 3), "\(String(describing: ending))")
    }
  }

  // OpenCombine's MapKeyPathTests.testMapKeyPathReflection, at 0239e54: the playground description too.
  @Test func itsSubscriberShowsItsNameInAPlaygroundToo() throws {
    for (name, make) in [
      (
        "ValueForKey",
        { (upstream: HandDrivenPublisher<Number, Never>) in
          upstream.map(\.doubled).subscribe(AnySubscriber<Int, Never>())
        }
      ),
      ("ValueForKeys", { $0.map(\.doubled, \.tripled).subscribe(AnySubscriber<(Int, Int), Never>()) }),
      (
        "ValueForKeys",
        { $0.map(\.doubled, \.tripled, \.quadrupled).subscribe(AnySubscriber<(Int, Int, Int), Never>()) }
      ),
    ] {
      let upstream = HandDrivenPublisher<Number, Never>()
      make(upstream)
      let inner = try #require(upstream.subscriber)
      #expect(String(describing: inner) == name)
      #expect(playgroundText(inner) == name)
    }
  }
}

extension MapKeyPathTests {
  // OpenCombine's MapKeyPathTests testMapKeyPathReceiveValueBeforeSubscription and
  // testMapKeyPathReceiveCompletionBeforeSubscription, at 0239e54, for two and three key paths (one
  // is a row of EarlyEventsTableTests).
  @Test func twoAndThreeKeyPathsPassAValueAndAFinishBeforeTheSubscriptionOn() {
    #expect(earlyValue(0) { $0.map(\.self, \.self) } == "[\"value((0, 0))\"] max(42)")
    #expect(earlyValue(0) { $0.map(\.self, \.self, \.self) } == "[\"value((0, 0, 0))\"] max(42)")
    #expect(earlyEnd { $0.map(\.self, \.self) } == "[\"finished\"]")
    #expect(earlyEnd { $0.map(\.self, \.self, \.self) } == "[\"finished\"]")
  }
}
