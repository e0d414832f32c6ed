import Reactive
import Testing

/// A subject attached to upstream publishers, with `subscribe(_:)` or `send(subscription:)`: what it
/// requests from them, and when it cancels them. Combine's behaviour, as OpenCombine's tests (run
/// against Combine) record it: a `PassthroughSubject` requests unlimited values once any of its
/// subscribers demands, a `CurrentValueSubject` at once; both cancel them when deallocated.
@Suite struct SubjectUpstreamTests {
  @Test func aPassthroughSubjectRequestsFromItsUpstreamOnlyOnceASubscriberDemands() {
    let subject = PassthroughSubject<Int, Never>()
    let upstream = RecordingSubscription()
    subject.send(subscription: upstream)
    #expect(upstream.calls == [])
    let recorder = Recorder<Int, Never>(request: .none)
    subject.subscribe(recorder)
    #expect(upstream.calls == [])
    recorder.request(.max(1))
    #expect(upstream.calls == [.request(.unlimited)])
    recorder.request(.max(1))
    #expect(upstream.calls == [.request(.unlimited)])
    let later = RecordingSubscription()
    subject.send(subscription: later)
    #expect(later.calls == [.request(.unlimited)])
  }

  @Test func justSubscribedToAPassthroughSubjectReachesALaterSubscriber() {
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = Just(5).subscribe(subject)
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(5), .completion(.finished)])
    cancellable.cancel()
  }

  @Test func aCurrentValueSubjectRequestsFromItsUpstreamAtOnce() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let upstream = RecordingSubscription()
    subject.send(subscription: upstream)
    #expect(upstream.calls == [.request(.unlimited)])
  }

  @Test func justSubscribedToACurrentValueSubjectSetsItsValueAndFinishesIt() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let cancellable = Just(5).subscribe(subject)
    #expect(subject.value == 5)
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
    cancellable.cancel()
  }

  @Test func aPassthroughSubjectCancelsItsUpstreamSubscriptionsWhenDeallocated() {
    let first = RecordingSubscription()
    let second = RecordingSubscription()
    do {
      let subject = PassthroughSubject<Int, Never>()
      subject.send(subscription: first)
      subject.send(subscription: second)
    }
    #expect(first.calls == [.cancel])
    #expect(second.calls == [.cancel])
  }

  @Test func aCurrentValueSubjectCancelsItsUpstreamSubscriptionsWhenDeallocated() {
    let upstream = RecordingSubscription()
    do {
      let subject = CurrentValueSubject<Int, Never>(0)
      subject.send(subscription: upstream)
    }
    #expect(upstream.calls == [.request(.unlimited), .cancel])
  }

  @Test func cancellingTheSubjectsSubscriptionToAPublisherStopsTheForwarding() {
    let source = PassthroughSubject<Int, Never>()
    let relay = CurrentValueSubject<Int, Never>(0)
    let cancellable = source.subscribe(relay)
    source.send(1)
    cancellable.cancel()
    source.send(2)
    #expect(relay.value == 1)
  }
}

/// A subject that records what reaches it and asks its upstream for nothing, as OpenCombine's
/// PublisherTests use one.
private final class ListeningSubject: Subject, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = Never
  private(set) var events: [String] = []
  private(set) var upstream: (any Subscription)?
  func send(_ value: Int) { events.append("\(value)") }
  func send(completion: Subscribers.Completion<Never>) { events.append("finished") }
  func send(subscription: any Subscription) {
    events.append("subscription \(subscription)")
    upstream = subscription
  }
  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
}

@Suite struct SubjectAsSubscriberTests {
  // OpenCombine's PublisherTests.testSubscribeSubject and testSubjectSubscriber, at 0239e54: the
  // subscriber a publisher gets for a subject is a subscription called "Subject", handed to the
  // subject; it passes on what the subject asks and one cancel, nothing after it, and no value after
  // the cancel; and it does not keep the subject alive once the cancellable is gone.
  @Test func theSubscriberForASubjectPassesOnItsRequestsAndOneCancelAndLetsTheSubjectGo() throws {
    let upstream = HandDrivenPublisher<Int, Never>()
    weak var released: ListeningSubject?
    var given: HandDrivenSubscription?
    do {
      let subject = ListeningSubject()
      released = subject
      let cancellable = upstream.subscribe(subject)
      given = upstream.giveSubscription()
      #expect(subject.events == ["subscription Subject"])
      #expect(upstream.send(0) == .none)
      #expect(subject.events == ["subscription Subject", "0"])
      #expect(given?.calls == [])
      let handed = try #require(subject.upstream)
      handed.request(.max(42))
      handed.cancel()
      handed.cancel()
      handed.request(.max(37))
      #expect(given?.calls == [.request(.max(42)), .cancel])
      #expect(upstream.send(2) == .none)
      #expect(subject.events == ["subscription Subject", "0"])
      withExtendedLifetime(cancellable) {}
    }
    #expect(released == nil)
  }
}

/// A publisher whose subscription, when cancelled, reports a completion, as some sources that wrap
/// callbacks do.
private struct CompletesWhenCancelled: Publisher {
  typealias Output = Int
  typealias Failure = Never

  final class Inner<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
    let downstream: S
    init(_ downstream: S) { self.downstream = downstream }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() { downstream.receive(completion: .finished) }
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscriber.receive(subscription: Inner(subscriber))
  }
}

@Suite struct SubjectSubscriberReleaseTests {
  @Test func aSubjectReleasedAsItsSubscriptionToAPublisherIsCancelledDoesNotDeadlock() {
    let released = Locked(false)
    let finished = completesInTime {
      weak var weakSubject: PassthroughSubject<Int, Never>?
      let cancellable: AnyCancellable
      do {
        let subject = PassthroughSubject<Int, Never>()
        weakSubject = subject
        cancellable = CompletesWhenCancelled().subscribe(subject)
      }
      // The cancellable's subscriber holds the last reference to the subject, whose deinit cancels
      // the upstream, which reports a completion to that same subscriber.
      cancellable.cancel()
      released.withLock { $0 = weakSubject == nil }
    }
    #expect(finished)
    #expect(released.value)
  }
}
