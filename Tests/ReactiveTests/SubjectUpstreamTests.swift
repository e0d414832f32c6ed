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
