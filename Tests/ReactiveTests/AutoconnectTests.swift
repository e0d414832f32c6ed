import Reactive
import Testing

@Suite struct AutoconnectTests {
  @Test func connectsWhenTheFirstSubscriberArrivesAfterAttachingIt() {
    let recorder = Recorder<Int, Never>()
    [1, 2].publisher.multicast(subject: PassthroughSubject()).autoconnect().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func disconnectsWhenTheLastSubscriberCancels() {
    let upstream = ManualPublisher<Int, TestError>()
    let autoconnect = upstream.multicast(subject: PassthroughSubject()).autoconnect()
    let first = Recorder<Int, TestError>()
    let second = Recorder<Int, TestError>()
    autoconnect.subscribe(first)
    autoconnect.subscribe(second)
    #expect(upstream.subscriberCount == 1)
    second.cancel()
    second.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    first.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's AutoconnectTests.testAutoconnectReflection: the downstream is handed the upstream's
  // subscription as it describes itself; only the subscriber upstream is "Autoconnect".
  @Test func handsTheUpstreamsSubscriptionOnAndSubscribesUpstreamWithAnAutoconnect() throws {
    let autoconnect = PassthroughSubject<Int, Never>().multicast(subject: PassthroughSubject()).autoconnect()
    #expect(reflection(of: autoconnect).description == "Multicast")
    let upstream = ConnectionRecorder<Int, TestError>()
    let probe = SubscriptionProbe<Int, TestError>()
    upstream.autoconnect().subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(String(describing: subscription) == "HandDriven")
    #expect(playgroundText(subscription) == "HandDriven")
    #expect(subscription.combineIdentifier == upstream.subscription.combineIdentifier)
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == "Autoconnect")
    #expect(playgroundText(inner) == "Autoconnect")
    #expect(mirrorLabels(inner) == ["parent", "downstream"])
    #expect(!(inner is any Subscription))
  }

  // OpenCombine's AutoconnectTests.testBasicRefcountBehavior.
  @Test func passesEveryEventOnAsItComesWithTheDownstreamsDemand() {
    let upstream = ConnectionRecorder<Int, TestError>()
    let autoconnect = upstream.autoconnect()
    #expect(upstream.connections == [])
    let first = Recorder<Int, TestError>(request: .max(101), extra: .max(201))
    let second = Recorder<Int, TestError>(request: .max(102), extra: .max(202))
    let third = Recorder<Int, TestError>(request: .max(103), extra: .max(203))
    autoconnect.subscribe(first)
    #expect(upstream.connections == [.connected])
    autoconnect.subscribe(second)
    autoconnect.subscribe(third)
    #expect(upstream.connections == [.connected])
    #expect(upstream.send(1) == .max(203))
    upstream.send(completion: .finished)
    #expect(upstream.send(2) == .max(203))
    upstream.send(completion: .failure(.boom))
    #expect(
      third.events == [
        .subscription, .value(1), .completion(.finished), .value(2), .completion(.failure(.boom)),
      ])
    #expect(
      upstream.subscription.calls == [.request(.max(101)), .request(.max(102)), .request(.max(103))])
  }

  @Test func theLastCancelDisconnectsAndEachCancelReachesTheUpstreamSubscription() throws {
    let upstream = ConnectionRecorder<Int, TestError>()
    let autoconnect = upstream.autoconnect()
    let first = SubscriptionKeeper<Int, TestError>()
    let second = SubscriptionKeeper<Int, TestError>()
    autoconnect.subscribe(first)
    autoconnect.subscribe(second)
    try #require(second.subscription).cancel()
    #expect(upstream.connections == [.connected])
    try #require(first.subscription).cancel()
    #expect(upstream.connections == [.connected, .disconnected])
    try #require(first.subscription).cancel()
    #expect(upstream.connections == [.connected, .disconnected])
    #expect(
      upstream.subscription.calls == [.request(.unlimited), .request(.unlimited), .cancel, .cancel, .cancel])
  }

  // OpenCombine's AutoconnectTests.testReentranceWhenConnecting.
  @Test func aSubscriberAttachedWhileTheFirstIsBeingAttachedConnectsASecondTime() throws {
    let upstream = ConnectionRecorder<Int, TestError>()
    let autoconnect = upstream.autoconnect()
    let inner = SubscriptionKeeper<Int, TestError>()
    let outer = SubscribingSubscriber { autoconnect.subscribe(inner) }
    autoconnect.subscribe(outer)
    #expect(upstream.connections == [.connected, .connected])
    try #require(outer.subscription).cancel()
    #expect(upstream.connections == [.connected, .connected, .disconnected])
    try #require(inner.subscription).cancel()
    #expect(upstream.connections == [.connected, .connected, .disconnected])
  }

  // OpenCombine's AutoconnectTests.testAutoconnectReceiveValueBeforeSubscription and
  // testAutoconnectReceiveCompletionBeforeSubscription.
  @Test func aValueOrCompletionBeforeTheUpstreamsSubscriptionPassesThrough() {
    let upstream = ConnectionRecorder<Int, TestError>(givesSubscription: false)
    let recorder = Recorder<Int, TestError>(request: .none, extra: .max(42))
    upstream.autoconnect().subscribe(recorder)
    #expect(upstream.send(0) == .max(42))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.value(0), .completion(.finished)])
  }
}

/// A connectable publisher that records when it is connected and disconnected, hands each subscriber
/// the same ``HandDrivenSubscription`` (unless told not to), and sends the latest subscriber whatever
/// the test asks.
final class ConnectionRecorder<Output, Failure: Error>: ConnectablePublisher, @unchecked Sendable {
  enum Connection: Equatable {
    case connected
    case disconnected
  }

  /// The subscription every subscriber is handed.
  let subscription = HandDrivenSubscription()
  private let givesSubscription: Bool
  private let state = Locked<(connections: [Connection], subscriber: (any Subscriber<Output, Failure>)?)>(
    ([], nil))

  init(givesSubscription: Bool = true) {
    self.givesSubscription = givesSubscription
  }

  /// Each connect and each cancel of a connection, in order.
  var connections: [Connection] { state.value.connections }

  /// The latest subscriber.
  var subscriber: (any Subscriber<Output, Failure>)? { state.value.subscriber }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    state.withLock { $0.subscriber = subscriber }
    if givesSubscription { subscriber.receive(subscription: subscription) }
  }

  func connect() -> any Cancellable {
    state.withLock { $0.connections.append(.connected) }
    return Disconnect(self)
  }

  /// A connection that records its cancel and does nothing when let go (as the peer's does).
  private final class Disconnect: Cancellable, @unchecked Sendable {
    private let parent: ConnectionRecorder

    init(_ parent: ConnectionRecorder) {
      self.parent = parent
    }

    func cancel() {
      parent.state.withLock { $0.connections.append(.disconnected) }
    }
  }

  /// Sends `value` to the latest subscriber; returns the demand it answered with.
  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand {
    subscriber?.receive(value) ?? .none
  }

  /// Sends `completion` to the latest subscriber.
  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }
}

/// A subscriber that keeps its subscription and, on receiving it, runs `onSubscription`.
private final class SubscribingSubscriber: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = TestError

  private let onSubscription: () -> Void
  private let kept = Locked<(any Subscription)?>(nil)

  init(_ onSubscription: @escaping () -> Void) {
    self.onSubscription = onSubscription
  }

  var subscription: (any Subscription)? { kept.value }

  func receive(subscription: any Subscription) {
    kept.withLock { $0 = subscription }
    onSubscription()
  }

  func receive(_ input: Int) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<TestError>) {}
}
