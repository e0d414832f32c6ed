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
