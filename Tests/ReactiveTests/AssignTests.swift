import Reactive
import Testing

private final class Target {
  var value = 0
  var writes: [Int] = []
  var observed: Int {
    get { value }
    set {
      writes.append(newValue)
      value = newValue
    }
  }
}

@Suite struct AssignTests {
  @Test func writesEveryValueToTheProperty() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let target = Target()
    let cancellable = subject.assign(to: \.observed, on: target)
    subject.send(2)
    subject.send(3)
    #expect(target.writes == [1, 2, 3])
    #expect(target.value == 3)
    cancellable.cancel()
  }

  @Test func cancelStopsWritingAndReleasesTheObject() {
    let subject = PassthroughSubject<Int, Never>()
    let target = Target()
    let cancellable = subject.assign(to: \.observed, on: target)
    subject.send(1)
    cancellable.cancel()
    subject.send(2)
    #expect(target.writes == [1])
  }

  @Test func explicitCancelReleasesTheObject() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakTarget: Target?
    let cancellable: AnyCancellable
    do {
      let target = Target()
      weakTarget = target
      cancellable = subject.assign(to: \.value, on: target)
    }
    #expect(weakTarget != nil)
    cancellable.cancel()
    #expect(weakTarget == nil)
  }

  @Test func keepsTheObjectAliveUntilCancelled() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakTarget: Target?
    var cancellable: AnyCancellable?
    do {
      let target = Target()
      weakTarget = target
      cancellable = subject.assign(to: \.value, on: target)
    }
    #expect(weakTarget != nil)
    subject.send(5)
    #expect(weakTarget?.value == 5)
    cancellable = nil
    #expect(weakTarget == nil)
    _ = cancellable
  }

  @Test func completionReleasesTheObject() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakTarget: Target?
    var cancellable: AnyCancellable?
    do {
      let target = Target()
      weakTarget = target
      cancellable = subject.assign(to: \.value, on: target)
    }
    subject.send(completion: .finished)
    #expect(weakTarget == nil)
    _ = cancellable
  }

  @Test func subscriberRequestsUnlimitedAndCancelsASecondSubscription() {
    let assign = Subscribers.Assign(object: Target(), keyPath: \.value)
    let first = RecordingSubscription()
    let second = RecordingSubscription()
    assign.receive(subscription: first)
    assign.receive(subscription: second)
    assign.cancel()
    #expect(first.calls == [.request(.unlimited), .cancel])
    #expect(second.calls == [.cancel])
    #expect(assign.object == nil)
  }

  // OpenCombine's AssignTests.testReflection, at 6f61dcc (the version stored; 1b8a26b is not).
  @Test func itsMirrorShowsTheObjectTheKeyPathAndAStatus() {
    let target = Target()
    let assign = Subscribers.Assign(object: target, keyPath: \Target.value)
    let children = Array(Mirror(reflecting: assign).children)
    #expect(children.map(\.label) == ["object", "keyPath", "status"])
    #expect(children.first?.value as? Target === target)
    #expect(children.dropFirst().first?.value as? ReferenceWritableKeyPath<Target, Int> == \Target.value)
  }

  // OpenCombine's AssignTests.testSubscription, at 6f61dcc.
  @Test func theSameSubscriptionSentAgainIsCancelledAndNeitherTheCompletionNorALaterCancelCancelsIt() {
    let assign = Subscribers.Assign(object: Target(), keyPath: \.value)
    let first = RecordingSubscription()
    let second = RecordingSubscription()
    assign.receive(subscription: first)
    assign.receive(subscription: second)
    #expect(first.calls == [.request(.unlimited)])
    #expect(second.calls == [.cancel])
    assign.receive(subscription: first)
    #expect(first.calls == [.request(.unlimited), .cancel])
    assign.receive(completion: .finished)
    let third = RecordingSubscription()
    assign.receive(subscription: third)
    #expect(third.calls == [.cancel])
    assign.cancel()
    #expect(first.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's AssignTests.testReceiveValue, at 6f61dcc: unlike a sink, an assign fed a value by
  // hand before any subscription writes nothing.
  @Test func aValueBeforeTheSubscriptionOrAfterTheCompletionIsNotWritten() {
    let target = Target()
    let assign = Subscribers.Assign(object: target, keyPath: \.observed)
    let upstream = ManualPublisher<Int, Never>()
    #expect(assign.receive(12) == .none)
    #expect(target.writes == [])
    upstream.subscribe(assign)
    #expect(upstream.send(42) == .none)
    upstream.send(completion: .finished)
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    #expect(assign.receive(100) == .none)
    upstream.subscribe(assign)
    #expect(upstream.send(1_000_000) == .none)
    #expect(target.writes == [42])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  // OpenCombine's AssignTests.testPublisherOperator, at 6f61dcc.
  @Test func anAssignWhoseCancellableIsDroppedAtOnceWritesNothing() {
    let subject = PassthroughSubject<Int, Never>()
    let target = Target()
    do {
      _ = subject.assign(to: \.observed, on: target)
    }
    subject.send(100)
    #expect(target.writes == [])
  }
}

/// An object that keeps the subscription writing to it, as a view model keeps its own bindings.
private final class Model {
  var value = 0
  var bag = Set<AnyCancellable>()
}

@Suite struct AssignReleaseTests {
  @Test func anObjectReleasedAsItsSubscriptionFinishesDoesNotDeadlock() {
    let subject = PassthroughSubject<Int, Never>()
    let released = Locked(false)
    let finished = completesInTime {
      weak var weakModel: Model?
      do {
        let model = Model()
        weakModel = model
        subject.assign(to: \.value, on: model).store(in: &model.bag)
      }
      subject.send(1)
      subject.send(completion: .finished)
      released.withLock { $0 = weakModel == nil }
    }
    #expect(finished)
    #expect(released.value)
  }

  @Test func anObjectReleasedAsItsSubscriberIsCancelledDoesNotDeadlock() {
    let subject = PassthroughSubject<Int, Never>()
    let released = Locked(false)
    let finished = completesInTime {
      weak var weakModel: Model?
      let assign: Subscribers.Assign<Model, Int>
      do {
        let model = Model()
        weakModel = model
        assign = Subscribers.Assign(object: model, keyPath: \.value)
        subject.subscribe(assign)
        AnyCancellable(assign).store(in: &model.bag)
      }
      subject.send(1)
      assign.cancel()
      released.withLock { $0 = weakModel == nil }
    }
    #expect(finished)
    #expect(released.value)
  }

  @Test func valuesAndCompletionsAfterTheEndAreIgnored() {
    final class Target {
      var writes: [Int] = []
      var value: Int {
        get { writes.last ?? 0 }
        set { writes.append(newValue) }
      }
    }
    let target = Target()
    let assign = Subscribers.Assign(object: target, keyPath: \.value)
    let subscription = RecordingSubscription()
    assign.receive(subscription: subscription)
    #expect(assign.receive(1) == .none)
    assign.receive(completion: .finished)
    #expect(assign.receive(2) == .none)
    assign.receive(completion: .finished)
    assign.cancel()
    #expect(target.writes == [1])
    #expect(subscription.calls == [.request(.unlimited)])
    #expect(assign.object == nil)
  }

  @Test func valuesAfterCancelAreIgnoredAndASecondCancelDoesNothing() {
    final class Target {
      var value = 0
    }
    let target = Target()
    let assign = Subscribers.Assign(object: target, keyPath: \.value)
    let subscription = RecordingSubscription()
    assign.receive(subscription: subscription)
    assign.cancel()
    #expect(assign.receive(5) == .none)
    assign.cancel()
    #expect(target.value == 0)
    #expect(subscription.calls == [.request(.unlimited), .cancel])
  }
}
