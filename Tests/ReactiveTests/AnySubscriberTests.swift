import Reactive
import Testing

@Suite struct AnySubscriberTests {
  @Test func forwardsEveryEventToTheWrappedSubscriber() {
    let recorder = Recorder<Int, Never>(request: .max(1), extra: .max(1))
    let erased = AnySubscriber(recorder)
    let subject = PassthroughSubject<Int, Never>()
    subject.subscribe(erased)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func returnsTheWrappedSubscribersDemand() {
    let recorder = Recorder<Int, Never>(request: .none, extra: .max(3))
    let erased = AnySubscriber(recorder)
    #expect(erased.receive(1) == .max(3))
  }

  @Test func keepsTheWrappedSubscribersIdentity() {
    let recorder = Recorder<Int, Never>()
    let erased = AnySubscriber(recorder)
    #expect(erased.combineIdentifier == recorder.combineIdentifier)
    #expect(AnySubscriber(erased).combineIdentifier == recorder.combineIdentifier)
  }

  @Test func closuresReceiveEveryEvent() {
    let log = Locked<[Event<Int, TestError>]>([])
    let erased = AnySubscriber<Int, TestError>(
      receiveSubscription: {
        log.append(.subscription)
        $0.request(.max(2))
      },
      receiveValue: {
        log.append(.value($0))
        return .none
      },
      receiveCompletion: { log.append(.completion($0)) })
    let subject = PassthroughSubject<Int, TestError>()
    subject.subscribe(erased)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .failure(.boom))
    #expect(log.value == [.subscription, .value(1), .value(2), .completion(.failure(.boom))])
  }

  @Test func missingValueClosureAsksForNothingMore() {
    let erased = AnySubscriber<Int, Never>()
    #expect(erased.receive(1) == .none)
    #expect(erased.combineIdentifier != AnySubscriber<Int, Never>().combineIdentifier)
  }

  @Test func wrappingASubjectSendsIntoIt() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    let subscription = RecordingSubscription()
    let erased = AnySubscriber(subject)
    erased.receive(subscription: subscription)
    #expect(erased.receive(1) == .none)
    erased.receive(completion: .finished)
    #expect(subscription.calls == [.request(.unlimited)])
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  // OpenCombine's AnySubscriberTests.testDescription, testReflection, testErasingSubject and
  // testErasingSubjectSubscription.
  @Test func aWrappedSubjectIsHandedASubscriptionDescribedSubjectThatPassesItsRequestsOn() throws {
    let subject = SubscriptionCatcher()
    let erased = AnySubscriber(subject)
    #expect(erased.description == "Subject")
    #expect(playgroundText(erased) == "Subject")
    #expect(String(describing: Mirror(reflecting: erased).subjectType).hasPrefix("SubjectSubscriber<"))
    #expect(mirrorLabels(erased) == ["downstreamSubject", "upstreamSubscription", "subject"])
    let first = RecordingSubscription()
    let second = RecordingSubscription()
    erased.receive(subscription: first)
    erased.receive(subscription: second)
    let handed = try #require(subject.subscriptions.first)
    #expect(subject.subscriptions.count == 1)
    #expect(String(describing: handed) == "Subject")
    #expect(handed.combineIdentifier == erased.combineIdentifier)
    #expect(second.calls == [.cancel])
    handed.request(.max(3))
    handed.cancel()
    #expect(first.calls == [.request(.max(3)), .cancel])
  }

  @Test func aWrappedSubjectGetsValuesAndTheFirstCompletionOnly() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    let erased = AnySubscriber(subject)
    erased.receive(subscription: RecordingSubscription())
    #expect(erased.receive(31) == .none)
    erased.receive(completion: .finished)
    erased.receive(completion: .failure(.boom))
    #expect(erased.receive(42) == .none)
    #expect(recorder.events == [.subscription, .value(31), .completion(.finished)])
  }

  @Test func theClosuresSubscriberDescribesAndReflectsItselfAsCombinesDoes() {
    let empty = AnySubscriber<Int, Never>()
    #expect(empty.description == "Anonymous AnySubscriber")
    #expect(playgroundText(empty) == "Anonymous AnySubscriber")
    #expect(String(describing: Mirror(reflecting: empty).subjectType) == "String")
    #expect(Mirror(reflecting: empty).children.isEmpty)
    let recorder = Recorder<Int, Never>()
    let erased = AnySubscriber(recorder)
    #expect(playgroundText(erased) == erased.description)
    #expect(String(describing: Mirror(reflecting: erased).subjectType).hasPrefix("Recorder<"))
  }

  // OpenCombine's AnySubscriberTests.testCombineIdentifier, at 69b5007 (the version stored; 1b8a26b
  // is not).
  @Test func theClosuresIdentityStaysAndTwoWrappedSubscribersHaveTheirOwn() {
    let empty = AnySubscriber<Int, TestError>()
    #expect(empty.combineIdentifier == empty.combineIdentifier)
    let first = Recorder<Int, TestError>()
    let second = Recorder<Int, TestError>()
    #expect(AnySubscriber(first).combineIdentifier != AnySubscriber(second).combineIdentifier)
    #expect(AnySubscriber(second).combineIdentifier == second.combineIdentifier)
  }

  // OpenCombine's AnySubscriberTests.testDescription, at 69b5007.
  @Test func aWrappedSubscriberIsDescribedAsItDescribesItself() {
    let recorder = Recorder<Int, TestError>()
    let erased = AnySubscriber(recorder)
    #expect(erased.description == String(describing: recorder))
    #expect(playgroundText(erased) == String(describing: recorder))
  }

  // OpenCombine's AnySubscriberTests.testErasingSubscriber, at 69b5007: nothing is left out, a
  // second subscription, a value after a completion and a second completion included.
  @Test func aWrappedSubscriberFedByHandGetsEveryEventAsItCame() {
    let recorder = Recorder<Int, TestError>(request: .none)
    let erased = AnySubscriber(recorder)
    let events: [Event<Int, TestError>] = [
      .subscription, .subscription, .value(31), .value(-1), .completion(.finished), .value(42),
      .completion(.finished), .completion(.failure(.boom)),
    ]
    func feed(_ events: [Event<Int, TestError>]) {
      for event in events {
        switch event {
        case .subscription: erased.receive(subscription: RecordingSubscription())
        case .value(let value): _ = erased.receive(value)
        case .completion(let completion): erased.receive(completion: completion)
        }
      }
    }
    feed(events)
    #expect(recorder.events == events)
    feed(events.reversed())
    #expect(recorder.events == events + events.reversed())
  }

  // OpenCombine's AnySubscriberTests.testErasingSubscriberSubscription, at 69b5007: the subject's
  // own subscription, no value asked for, and its first completion.
  @Test func aWrappedSubscriberOfASubjectGetsOnlyWhatTheSubjectPassesOn() {
    let recorder = Recorder<Int, TestError>(request: .none)
    let subject = PassthroughSubject<Int, TestError>()
    subject.subscribe(AnySubscriber(recorder))
    subject.send(subscription: RecordingSubscription())
    subject.send(subscription: RecordingSubscription())
    subject.send(31)
    subject.send(completion: .finished)
    subject.send(42)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  // OpenCombine's AnySubscriberTests.testErasingSubjectSubscription, at 69b5007: a wrapped subject
  // that asks for nothing gets none of the values, and the first completion.
  @Test func aWrappedSubjectThatAsksForNothingGetsNoValueFromAPublisher() {
    let catcher = SubscriptionCatcher()
    let publisher = PassthroughSubject<Int, Never>()
    publisher.subscribe(AnySubscriber(catcher))
    publisher.send(subscription: RecordingSubscription())
    publisher.send(31)
    publisher.send(42)
    publisher.send(completion: .finished)
    publisher.send(completion: .finished)
    #expect(catcher.subscriptions.map { String(describing: $0) } == ["Subject"])
    #expect(catcher.events == [.subscription, .completion(.finished)])
  }

  // OpenCombine's AnySubscriberTests.testErasingTwice, at 69b5007, but for its introspection calls:
  // a subscriber erased twice is erased once, getting the subject's subscription itself.
  @Test func aSubscriberErasedTwiceGetsTheSubscriptionOnce() {
    let recorder = Recorder<Int, TestError>(request: .none)
    let subject = PassthroughSubject<Int, TestError>()
    let twice = AnySubscriber(AnySubscriber(recorder))
    #expect(String(describing: Mirror(reflecting: twice).subjectType).hasPrefix("Recorder<"))
    subject.subscribe(twice)
    #expect(recorder.events == [.subscription])
  }
}

/// A subject that keeps the subscriptions it is sent and records what it is sent, asking for nothing.
private final class SubscriptionCatcher: Subject, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = Never

  private let kept = Locked<[any Subscription]>([])
  private let log = Locked<[Event<Int, Never>]>([])

  var subscriptions: [any Subscription] { kept.value }
  /// What it was sent, in order.
  var events: [Event<Int, Never>] { log.value }

  func send(_ value: Int) { log.append(.value(value)) }
  func send(completion: Subscribers.Completion<Never>) { log.append(.completion(completion)) }
  func send(subscription: any Subscription) {
    kept.append(subscription)
    log.append(.subscription)
  }
  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
}
