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
