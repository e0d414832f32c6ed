import Reactive
import Testing

/// Nothing is kept alive after it is done: a subject's subscription lets its subscriber go when it
/// completes or is cancelled, a sink lets its closures go, an assign its object.
@Suite struct SubscriptionReleaseTests {
  /// A subscriber that keeps its subscription, as most do: subscriber and subscription hold each
  /// other until the subscription lets go.
  private final class Holder: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = TestError
    var subscription: (any Subscription)?
    func receive(subscription: any Subscription) {
      self.subscription = subscription
      subscription.request(.unlimited)
    }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<TestError>) {}
  }

  private enum Ending: CaseIterable {
    case cancel
    case finish
    case fail
  }

  private func end<S: Subject>(_ subject: S, _ subscription: (any Subscription)?, by ending: Ending)
  where S.Failure == TestError {
    switch ending {
    case .cancel: subscription?.cancel()
    case .finish: subject.send(completion: .finished)
    case .fail: subject.send(completion: .failure(.boom))
    }
  }

  @Test(arguments: Ending.allCases)
  private func aPassthroughSubjectsSubscriptionLetsItsSubscriberGo(ending: Ending) {
    let subject = PassthroughSubject<Int, TestError>()
    weak var weakHolder: Holder?
    weak var weakSubscription: AnyObject?
    do {
      let holder = Holder()
      weakHolder = holder
      subject.subscribe(holder)
      weakSubscription = holder.subscription as AnyObject?
      subject.send(1)
      end(subject, holder.subscription, by: ending)
    }
    #expect(weakHolder == nil)
    #expect(weakSubscription == nil)
  }

  @Test(arguments: Ending.allCases)
  private func aCurrentValueSubjectsSubscriptionLetsItsSubscriberGo(ending: Ending) {
    let subject = CurrentValueSubject<Int, TestError>(0)
    weak var weakHolder: Holder?
    weak var weakSubscription: AnyObject?
    do {
      let holder = Holder()
      weakHolder = holder
      subject.subscribe(holder)
      weakSubscription = holder.subscription as AnyObject?
      end(subject, holder.subscription, by: ending)
    }
    #expect(weakHolder == nil)
    #expect(weakSubscription == nil)
  }

  @Test(arguments: Ending.allCases)
  private func aSinkLetsItsClosuresGoWhileItsCancellableIsStillHeld(ending: Ending) {
    let subject = PassthroughSubject<Int, TestError>()
    weak var weakCaptured: Tracked?
    let cancellable: AnyCancellable
    do {
      let captured = Tracked()
      weakCaptured = captured
      cancellable = subject.sink(
        receiveCompletion: { _ in _ = captured }, receiveValue: { _ in _ = captured })
    }
    subject.send(1)
    #expect(weakCaptured != nil)
    switch ending {
    case .cancel: cancellable.cancel()
    case .finish: subject.send(completion: .finished)
    case .fail: subject.send(completion: .failure(.boom))
    }
    #expect(weakCaptured == nil)
    _ = cancellable
  }

  @Test func aSinkBehindAnOperatorLetsItsClosuresGoOnCompletion() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakCaptured: Tracked?
    let cancellable: AnyCancellable
    do {
      let captured = Tracked()
      weakCaptured = captured
      cancellable = subject.map { $0 + 1 }.sink { _ in _ = captured }
    }
    subject.send(completion: .finished)
    #expect(weakCaptured == nil)
    _ = cancellable
  }

  @Test func aSinkCancelledFromInsideItsOwnClosureLetsItsClosuresGoAfterTheCallReturns() {
    let subject = PassthroughSubject<Int, Never>()
    let holder = Locked<AnyCancellable?>(nil)
    let calls = Locked(0)
    weak var weakCaptured: Tracked?
    do {
      let captured = Tracked()
      weakCaptured = captured
      holder.withLock {
        $0 = subject.sink { _ in
          holder.value?.cancel()
          // Still alive here: the closure that cancelled is running.
          _ = captured
          calls.withLock { $0 += 1 }
        }
      }
    }
    subject.send(1)
    subject.send(2)
    #expect(calls.value == 1)
    #expect(weakCaptured == nil)
    holder.withLock { $0 = nil }
  }

  @Test func aSinkCompletedFromInsideItsOwnValueClosureKeepsThatClosureAliveUntilItReturns() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    weak var weakCaptured: Tracked?
    let cancellable: AnyCancellable
    do {
      let captured = Tracked()
      weakCaptured = captured
      cancellable = subject.sink(
        receiveCompletion: { _ in log.append("completion") },
        receiveValue: { _ in
          subject.send(completion: .finished)
          log.append("value returns with \(captured)")
        })
    }
    subject.send(1)
    #expect(log.value == ["completion", "value returns with ReactiveTests.Tracked"])
    #expect(weakCaptured == nil)
    _ = cancellable
  }

  @Test(arguments: [Ending.cancel, .finish])
  private func anAssignLetsItsObjectGo(ending: Ending) {
    final class Target {
      var value = 0
    }
    let subject = PassthroughSubject<Int, Never>()
    weak var weakTarget: Target?
    let cancellable: AnyCancellable
    do {
      let target = Target()
      weakTarget = target
      cancellable = subject.assign(to: \.value, on: target)
    }
    subject.send(1)
    #expect(weakTarget?.value == 1)
    if ending == .cancel { cancellable.cancel() } else { subject.send(completion: .finished) }
    #expect(weakTarget == nil)
    _ = cancellable
  }

  @Test func aSubscriptionLetsItsSubjectGoOnceItEnds() {
    weak var weakSubject: PassthroughSubject<Int, TestError>?
    let holder = Holder()
    do {
      let subject = PassthroughSubject<Int, TestError>()
      weakSubject = subject
      subject.subscribe(holder)
    }
    // Like Combine's, the subscription keeps its subject alive while it lasts.
    #expect(weakSubject != nil)
    holder.subscription?.cancel()
    #expect(weakSubject == nil)
  }

  @Test func aSubjectLivesUntilItsLastSubscriptionEndsAndAgainWhileANewOneLasts() {
    weak var weakSubject: CurrentValueSubject<Int, Never>?
    var first: AnyCancellable?
    var second: AnyCancellable?
    var third: AnyCancellable?
    let received = Locked<[Int]>([])
    do {
      let subject = CurrentValueSubject<Int, Never>(0)
      weakSubject = subject
      first = subject.sink { received.append($0) }
      second = subject.map { $0 + 10 }.sink { received.append($0) }
    }
    first?.cancel()
    #expect(weakSubject != nil)
    // Subscribing again after a subscription ended: the subject is kept by the new one too.
    third = weakSubject?.sink { received.append($0 + 100) }
    second?.cancel()
    #expect(weakSubject != nil)
    weakSubject?.send(1)
    third?.cancel()
    #expect(weakSubject == nil)
    #expect(received.value == [0, 10, 100, 101])
    _ = (first, second, third)
  }
}
