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
}

/// A subject that keeps the subscriptions it is sent.
private final class SubscriptionCatcher: Subject, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = Never

  private let kept = Locked<[any Subscription]>([])

  var subscriptions: [any Subscription] { kept.value }

  func send(_ value: Int) {}
  func send(completion: Subscribers.Completion<Never>) {}
  func send(subscription: any Subscription) { kept.append(subscription) }
  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
}
