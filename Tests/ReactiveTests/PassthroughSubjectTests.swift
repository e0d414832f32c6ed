import Reactive
import Testing

@Suite struct PassthroughSubjectTests {
  @Test func deliversValuesThenCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(3)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(3), .completion(.finished)])
  }

  @Test func deliversFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(.boom))])
  }

  @Test func hasNoReplay() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(1)
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func ignoresSendsAndSecondCompletionAfterCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(completion: .finished)
    subject.send(1)
    subject.send(completion: .failure(.boom))
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func lateSubscriberGetsOnlyTheCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(1)
    subject.send(completion: .failure(.boom))
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(2)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func maxDemandGetsAtMostThatManyValues() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    subject.subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func dropsValuesSentWithoutDemandAndDeliversLaterOnesOnRequest() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    subject.subscribe(recorder)
    subject.send(1)
    recorder.request(.max(1))
    subject.send(2)
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func extraDemandFromEachValueAddsUp() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    subject.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
  }

  @Test func subscribersReceiveEachValueInSubscriptionOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    var cancellables: [AnyCancellable] = []
    for name in ["a", "b", "c", "d"] {
      subject.sink { log.append("\(name)\($0)") }.store(in: &cancellables)
    }
    subject.send(1)
    cancellables[1].cancel()
    subject.sink { log.append("e\($0)") }.store(in: &cancellables)
    subject.send(2)
    #expect(log.value == ["a1", "b1", "c1", "d1", "a2", "c2", "d2", "e2"])
  }

  @Test func cancelledSubscriberReceivesNothingMore() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancelFromInsideTheSinkStopsFurtherValues() {
    let subject = PassthroughSubject<Int, Never>()
    let holder = Locked<Recorder<Int, Never>?>(nil)
    let recorder = Recorder<Int, Never> { value in
      if value == 2 { holder.value?.cancel() }
    }
    holder.withLock { $0 = recorder }
    subject.subscribe(recorder)
    for value in 1...4 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func sendFromInsideTheSinkDeliversAtOnceWithoutDeadlock() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never> { value in
      if value < 3 { subject.send(value + 1) }
    }
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(10)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(10)])
  }

  @Test func completionFromInsideTheSinkEndsTheStream() {
    let subject = PassthroughSubject<Int, Never>()
    let first = Recorder<Int, Never> { _ in subject.send(completion: .finished) }
    let second = Recorder<Int, Never>()
    subject.subscribe(first)
    subject.subscribe(second)
    subject.send(1)
    subject.send(2)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(second.events == [.subscription, .completion(.finished)])
  }

  @Test func subscribeFromInsideTheSinkGetsOnlyLaterValues() {
    let subject = PassthroughSubject<Int, Never>()
    let late = Recorder<Int, Never>()
    let first = Recorder<Int, Never> { value in
      if value == 1 { subject.subscribe(late) }
    }
    subject.subscribe(first)
    subject.send(1)
    subject.send(2)
    #expect(first.events == [.subscription, .value(1), .value(2)])
    #expect(late.events == [.subscription, .value(2)])
  }

  @Test func subscribingASubjectToAPublisherForwardsItsEvents() {
    let source = PassthroughSubject<Int, Never>()
    let relay = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    relay.subscribe(recorder)
    let cancellable = source.subscribe(relay)
    source.send(1)
    cancellable.cancel()
    source.send(2)
    relay.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
  }

  @Test func subscribingASubjectToAFinishedPublisherForwardsTheCompletion() {
    let relay = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    relay.subscribe(recorder)
    let cancellable = Just(7).subscribe(relay)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
    cancellable.cancel()
  }

  @Test func voidSubjectSendsWithoutArgument() {
    let subject = PassthroughSubject<Void, Never>()
    let count = Locked(0)
    let cancellable = subject.sink { count.withLock { $0 += 1 } }
    subject.send()
    subject.send()
    #expect(count.value == 2)
    cancellable.cancel()
  }

  // OpenCombine's PassthroughSubjectTests.testRequestingDemand, at 1b8a26b: twenty values to a
  // subscriber that asks first for nothing, 1, 2, 10 or everything, then answers its values from a
  // list of demands (none after the list), gets exactly as many as it asked for in all.
  @Test func aSubscriberGetsAsManyValuesAsItsFirstRequestAndItsAnswersAddUpTo() {
    let firstRequests: [Subscribers.Demand?] = [nil, .max(1), .max(2), .max(10), .unlimited]
    let answers: [[Subscribers.Demand]] = [
      Array(repeating: .max(0), count: 5), Array(repeating: .max(1), count: 10),
      [.max(1), .max(0), .max(1), .max(0)], [.max(0), .max(1), .max(2)], [.unlimited, .max(1)],
    ]
    var received: [Int] = []
    for first in firstRequests {
      for answer in answers {
        var count = 0
        let subject = PassthroughSubject<Int, TestError>()
        subject.subscribe(
          AnySubscriber<Int, TestError>(
            receiveSubscription: { subscription in first.map(subscription.request) },
            receiveValue: { _ in
              defer { count += 1 }
              return count < answer.count ? answer[count] : .none
            },
            receiveCompletion: { _ in }))
        for value in 0..<20 { subject.send(value) }
        subject.send(completion: .finished)
        received.append(count)
      }
    }
    #expect(
      received == [0, 0, 0, 0, 0, 1, 11, 2, 1, 20, 2, 12, 4, 5, 20, 10, 20, 12, 13, 20, 20, 20, 20, 20, 20])
  }

  // OpenCombine's PassthroughSubjectTests.testMultipleSubscriptions, at 1b8a26b: a subscriber that
  // subscribes again from inside receive(subscription:) is subscribed each time, at once; each
  // subscription gets each value, and cancelling some leaves the others.
  @Test func aSubscriberSubscribingAgainFromItsSubscriptionIsSubscribedEachTime() {
    final class Resubscriber: Subscriber {
      let subject: PassthroughSubject<Int, TestError>
      var subscriptions: [any Subscription] = []
      var values: [Int] = []
      init(_ subject: PassthroughSubject<Int, TestError>) { self.subject = subject }
      func receive(subscription: any Subscription) {
        subscription.request(.unlimited)
        subscriptions.append(subscription)
        if subscriptions.count < 10 { subject.subscribe(self) }
      }
      func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        return .none
      }
      func receive(completion: Subscribers.Completion<TestError>) {}
    }
    let subject = PassthroughSubject<Int, TestError>()
    let subscriber = Resubscriber(subject)
    subject.subscribe(subscriber)
    #expect(subscriber.subscriptions.count == 10)
    subject.subscribe(subscriber)
    #expect(subscriber.subscriptions.count == 11)
    #expect(subscriber.values == [])
    subject.send(0)
    #expect(subscriber.values == Array(repeating: 0, count: 11))
    for (index, subscription) in subscriber.subscriptions.enumerated() where index.isMultiple(of: 2) {
      subscription.cancel()
    }
    subject.send(1)
    #expect(subscriber.values == Array(repeating: 0, count: 11) + Array(repeating: 1, count: 5))
  }

  // OpenCombine's PassthroughSubjectTests.testSendSubscription, at 1b8a26b: an upstream subscription
  // handed to the subject again, once it has demanding subscribers, is asked for everything again.
  @Test func theSameUpstreamSubscriptionHandedAgainIsAskedAgain() {
    let upstream = RecordingSubscription()
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(subscription: upstream)
    subject.subscribe(Recorder<Int, TestError>(request: .max(1)))
    subject.subscribe(Recorder<Int, TestError>(request: .max(2)))
    #expect(upstream.calls == [.request(.unlimited)])
    subject.send(subscription: upstream)
    #expect(upstream.calls == [.request(.unlimited), .request(.unlimited)])
  }

  // OpenCombine's PassthroughSubjectTests.testReleasesEverythingOnTermination, at 1b8a26b: a cancel,
  // a finish or a failure lets the subscriber go, and the subject is freed with its last reference.
  @Test(arguments: [StreamEnding.cancel, .finish, .fail])
  func theSubscriberAndTheSubjectAreLetGoWhenTheSubscriptionEnds(ending: StreamEnding) {
    let released = subjectReleaseCheck(ending) { PassthroughSubject<Int, TestError>() }
    #expect(released.subscriber)
    #expect(released.subject)
  }
}
