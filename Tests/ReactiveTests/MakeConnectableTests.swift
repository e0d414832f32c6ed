import Reactive
import Testing

@Suite struct MakeConnectableTests {
  @Test func deliversNothingUntilConnectedThenEverythingToEverySubscriber() {
    let connectable = [1, 2, 3].publisher.makeConnectable()
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    connectable.subscribe(first)
    connectable.subscribe(second)
    #expect(first.events == [.subscription])
    #expect(second.events == [.subscription])
    let connection = connectable.connect()
    let expected: [Event<Int, Never>] = [
      .subscription, .value(1), .value(2), .value(3), .completion(.finished),
    ]
    #expect(first.events == expected)
    #expect(second.events == expected)
    connection.cancel()
  }

  @Test func subscribesToTheUpstreamOnlyWhenConnected() {
    let upstream = ManualPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let recorder = Recorder<Int, Never>()
    connectable.subscribe(recorder)
    #expect(upstream.subscriberCount == 0)
    let connection = connectable.connect()
    #expect(upstream.subscriberCount == 1)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
    connection.cancel()
  }

  @Test func cancellingTheConnectionCancelsTheUpstream() {
    let upstream = ManualPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let recorder = Recorder<Int, Never>()
    connectable.subscribe(recorder)
    let connection = connectable.connect()
    upstream.send(1)
    connection.cancel()
    upstream.send(2)
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func aSubscriberThatCancelsStopsReceivingWhileOthersGoOn() {
    let upstream = ManualPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let leaving = Recorder<Int, Never>()
    let staying = Recorder<Int, Never>()
    connectable.subscribe(leaving)
    connectable.subscribe(staying)
    let connection = connectable.connect()
    upstream.send(1)
    leaving.cancel()
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(leaving.events == [.subscription, .value(1)])
    #expect(staying.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    connection.cancel()
  }

  @Test func copiesShareOneConnection() {
    let upstream = ManualPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let copy = connectable
    let recorder = Recorder<Int, Never>()
    copy.subscribe(recorder)
    let connection = connectable.connect()
    upstream.send(5)
    #expect(recorder.events == [.subscription, .value(5)])
    connection.cancel()
  }

  @Test func autoconnectConnectsOnTheFirstSubscriber() {
    let recorder = Recorder<Int, Never>()
    [1, 2].publisher.makeConnectable().autoconnect().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  // OpenCombine's MakeConnectableTests.testReflection, at 0239e54 (1b8a26b not stored): "Multicast" in
  // its playground description too, with no mirror children.
  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: PassthroughSubject<Int, Never>().makeConnectable())
    #expect(reflected.description == "Multicast")
    #expect(reflected.playground == "Multicast")
    #expect(reflected.children.isEmpty)
  }

  // OpenCombine's MakeConnectableTests.testMulticast, at 0239e54.
  @Test func aConnectionMadeAgainAfterACancelDeliversAgainToTheSameSubscribers() {
    let upstream = ManualPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let recorder = Recorder<Int, Never>()
    connectable.subscribe(recorder)
    upstream.send(0)
    var connection = connectable.connect()
    upstream.send(-1)
    connection.cancel()
    upstream.send(14)
    connection = connectable.connect()
    upstream.send(15)
    upstream.send(completion: .finished)
    connection.cancel()
    #expect(recorder.events == [.subscription, .value(-1), .value(15), .completion(.finished)])
  }

  // OpenCombine's MakeConnectableTests.testMulticastConnectTwice and testMulticastDisconnect, at 0239e54.
  @Test func eachConnectSubscribesAgainAndADisconnectKeepsTheSubscribers() {
    let upstream = PassthroughSubject<Int, Never>()
    let connectable = upstream.makeConnectable()
    let recorder = Recorder<Int, Never>()
    connectable.subscribe(recorder)
    let first = connectable.connect()
    let second = connectable.connect()
    upstream.send(42)
    second.cancel()
    upstream.send(1)
    connectable.subscribe(recorder)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(42), .value(42), .value(1), .subscription, .value(2), .value(2),
        .completion(.finished), .completion(.finished),
      ])
    first.cancel()
  }

  // OpenCombine's MakeConnectableTests.testMakeConnectableReceiveValueBeforeSubscription and
  // testMakeConnectableReceiveCompletionBeforeSubscription, at 0239e54.
  @Test func beforeTheConnectNothingTheUpstreamSendsReachesTheSubscriber() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(extra: .max(42))
    upstream.makeConnectable().subscribe(recorder)
    #expect(upstream.send(0) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
  }
}
