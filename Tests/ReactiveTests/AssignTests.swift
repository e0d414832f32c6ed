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
