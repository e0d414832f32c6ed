import Reactive
import Testing

/// Subscriptions and subscribers describe themselves as Combine's do. The labels and contents are
/// those of OpenCombine, whose reflection mirrors Combine's and whose tests check it against Combine:
/// a subject's subscription shows `parent`, `downstream`, `demand` and `subject`; a sink shows no
/// children; an assign shows `object`, `keyPath` and `status`.
@Suite struct SubscriptionReflectionTests {
  private func labels(_ subject: Any) -> [String] {
    Mirror(reflecting: subject).children.map { $0.label ?? "" }
  }

  private func playground(_ subject: Any) -> String? {
    (subject as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String
  }

  private func child(_ label: String, of subject: Any) -> String? {
    Mirror(reflecting: subject).children.first { $0.label == label }.map { String(describing: $0.value) }
  }

  /// The subscription `subject` gives a subscriber that requests 12 values and then gets one.
  private func subscriptionAfterOneOfTwelve<S: Subject>(of subject: S, send value: S.Output)
    -> any Subscription
  {
    let subscription = Locked<(any Subscription)?>(nil)
    subject.subscribe(
      AnySubscriber<S.Output, S.Failure>(receiveSubscription: { received in
        subscription.withLock { $0 = received }
        received.request(.max(12))
      }))
    subject.send(value)
    return subscription.value!
  }

  @Test func aPassthroughSubjectsSubscriptionDescribesItself() {
    let subject = PassthroughSubject<Int, Never>()
    let subscription = subscriptionAfterOneOfTwelve(of: subject, send: 1)
    #expect(String(describing: subscription) == "PassthroughSubject")
    #expect((subscription as? CustomStringConvertible)?.description == "PassthroughSubject")
    #expect(playground(subscription) == "PassthroughSubject")
    #expect(labels(subscription) == ["parent", "downstream", "demand", "subject"])
    #expect(child("demand", of: subscription) == "max(11)")
    #expect(child("parent", of: subscription)?.contains("PassthroughSubject") == true)
    #expect(child("downstream", of: subscription)?.contains("AnySubscriber") == true)
    subscription.cancel()
    subscription.request(.max(3))
    #expect(labels(subscription) == ["parent", "downstream", "demand", "subject"])
    #expect(child("parent", of: subscription) == "nil")
    #expect(child("downstream", of: subscription) == "nil")
    #expect(child("subject", of: subscription) == "nil")
    #expect(child("demand", of: subscription) == "max(11)")
  }

  @Test func aCurrentValueSubjectsSubscriptionDescribesItself() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let subscription = subscriptionAfterOneOfTwelve(of: subject, send: 1)
    #expect(String(describing: subscription) == "CurrentValueSubject")
    #expect(playground(subscription) == "CurrentValueSubject")
    #expect(labels(subscription) == ["parent", "downstream", "demand", "subject"])
    // The current value and the one sent: two of the twelve.
    #expect(child("demand", of: subscription) == "max(10)")
    subject.send(completion: .finished)
    #expect(child("parent", of: subscription) == "nil")
    #expect(child("downstream", of: subscription) == "nil")
    #expect(child("demand", of: subscription) == "max(10)")
  }

  /// As Combine's (OpenCombine's PublishedTests: testBasicBehavior,
  /// testPublishedSubjectConduitReflection): a `@Published` property's subscription is a
  /// "PublishedSubject", with a current-value subject's mirror.
  @Test func aPublishedPropertysSubscriptionDescribesItself() {
    final class Model {
      @Published var count = 0
    }
    let model = Model()
    let subscription = Locked<(any Subscription)?>(nil)
    model.$count.subscribe(
      AnySubscriber<Int, Never>(receiveSubscription: { received in
        subscription.withLock { $0 = received }
      }))
    let received = subscription.value!
    #expect(String(describing: received) == "PublishedSubject")
    #expect(playground(received) == "PublishedSubject")
    #expect(labels(received) == ["parent", "downstream", "demand", "subject"])
    #expect(child("demand", of: received) == "max(0)")
    #expect(child("parent", of: received) == "Optional(Reactive.PublishedSubject<Swift.Int>)")
    #expect(child("subject", of: received)?.contains("PublishedSubject") == true)
  }

  @Test func anObservableObjectPublishersSubscriptionDescribesItself() {
    let publisher = ObservableObjectPublisher()
    let subscription = Locked<(any Subscription)?>(nil)
    publisher.subscribe(
      AnySubscriber<Void, Never>(receiveSubscription: { received in
        subscription.withLock { $0 = received }
      }))
    #expect(String(describing: subscription.value!) == "ObservableObjectPublisher")
    #expect(labels(subscription.value!) == ["downstream"])
  }

  @Test func aSinkDescribesItself() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(sink.description == "Sink")
    #expect(String(describing: sink) == "Sink")
    #expect(playground(sink) == "Sink")
    #expect(labels(sink) == [])
  }

  @Test func anAssignDescribesItself() {
    final class Target {
      var value = 0
    }
    let assign = Subscribers.Assign(object: Target(), keyPath: \Target.value)
    #expect(assign.description == "Assign Target.")
    #expect(String(describing: assign) == "Assign Target.")
    #expect(playground(assign) == "Assign Target.")
    #expect(labels(assign) == ["object", "keyPath", "status"])
    assign.cancel()
    #expect(child("object", of: assign) == "nil")
  }
}
