import Foundation
import Reactive
import Testing

@Suite struct CurrentValueSubjectTests {
  @Test func deliversCurrentValueOnFirstDemandThenEachNewValue() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(0), .value(1), .completion(.finished)])
  }

  @Test func deliversCurrentValueOnlyWhenFirstRequested() {
    let subject = CurrentValueSubject<Int, Never>(5)
    let recorder = Recorder<Int, Never>(request: .none)
    subject.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(5)])
  }

  @Test func settingValueEmitsAndUpdatesValue() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    subject.value = 4
    subject.send(6)
    #expect(subject.value == 6)
    #expect(recorder.events == [.subscription, .value(0), .value(4), .value(6)])
  }

  @Test func insideTheSinkValueIsAlreadyTheNewValue() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let seen = Locked<[Int]>([])
    let cancellable = subject.sink { _ in seen.append(subject.value) }
    subject.value = 1
    #expect(seen.value == [0, 1])
    cancellable.cancel()
  }

  @Test func afterCompletionSendIsIgnoredButSettingValueStillChangesIt() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(completion: .failure(.boom))
    subject.send(1)
    #expect(subject.value == 0)
    subject.value = 2
    subject.send(completion: .finished)
    #expect(subject.value == 2)
    #expect(recorder.events == [.subscription, .value(0), .completion(.failure(.boom))])
  }

  @Test func requestAndCancelAfterCancelDoNothing() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let subscription = Locked<(any Subscription)?>(nil)
    let values = Locked<[Int]>([])
    subject.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: { received in subscription.withLock { $0 = received } },
        receiveValue: { value in
          values.append(value)
          return .none
        }))
    subscription.value?.cancel()
    subscription.value?.request(.max(1))
    subscription.value?.cancel()
    subject.send(1)
    subscription.value?.request(.max(1))
    #expect(values.value == [])
  }

  @Test func lateSubscriberToFinishedSubjectGetsOnlyTheCompletion() {
    let subject = CurrentValueSubject<Int, Never>(0)
    subject.send(1)
    subject.send(completion: .finished)
    let recorder = Recorder<Int, Never>()
    subject.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func secondCompletionIsNeverDelivered() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = Recorder<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(completion: .finished)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(0), .completion(.finished)])
  }

  @Test func maxDemandGetsAtMostThatManyValues() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = Recorder<Int, Never>(request: .max(3))
    subject.subscribe(recorder)
    for value in 1...5 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2)])
  }

  @Test func keepsLatestValueWhileDemandIsZeroAndDeliversItOnNextRequest() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = Recorder<Int, Never>(request: .max(1))
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(0)])
    recorder.request(.max(2))
    subject.send(4)
    subject.send(5)
    #expect(recorder.events == [.subscription, .value(0), .value(3), .value(4)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(0), .value(3), .value(4), .value(5)])
  }

  @Test func valueDeliveredOnRequestIsNotDeliveredAgain() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = Recorder<Int, Never>(request: .max(1))
    subject.subscribe(recorder)
    subject.send(1)
    recorder.request(.max(1))
    recorder.request(.max(1))
    subject.send(2)
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2)])
  }

  @Test func pendingValueIsDroppedOnCompletion() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = Recorder<Int, Never>(request: .max(1))
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(0), .completion(.finished)])
  }

  @Test func subscribersReceiveEachValueInSubscriptionOrder() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let log = Locked<[String]>([])
    var cancellables: [AnyCancellable] = []
    for name in ["a", "b", "c"] {
      subject.sink { log.append("\(name)\($0)") }.store(in: &cancellables)
    }
    subject.value = 1
    #expect(log.value == ["a0", "b0", "c0", "a1", "b1", "c1"])
  }

  @Test func cancelFromInsideTheSinkStopsFurtherValues() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let holder = Locked<Recorder<Int, Never>?>(nil)
    let recorder = Recorder<Int, Never> { value in
      if value == 1 { holder.value?.cancel() }
    }
    holder.withLock { $0 = recorder }
    subject.subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    #expect(recorder.events == [.subscription, .value(0), .value(1)])
  }

  @Test func sendFromInsideTheSinkDoesNotDeadlock() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = Recorder<Int, Never> { value in
      if value == 1 { subject.value = 2 }
    }
    subject.subscribe(recorder)
    subject.send(1)
    #expect(subject.value == 2)
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2)])
  }

  @Test func subscribeFromInsideTheSinkGetsTheCurrentValue() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let late = Recorder<Int, Never>()
    let first = Recorder<Int, Never> { value in
      if value == 1 { subject.subscribe(late) }
    }
    subject.subscribe(first)
    subject.send(1)
    subject.send(2)
    #expect(first.events == [.subscription, .value(0), .value(1), .value(2)])
    #expect(late.events == [.subscription, .value(1), .value(2)])
  }

  /// Found by the model test: demand that arrives from another thread while a send is on its way to
  /// a subscriber without demand let that send through, and then the older value kept for lack of
  /// demand was delivered after it.
  @Test func aValueKeptForLackOfDemandIsNotDeliveredAfterANewerOne() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let starved = Recorder<Int, TestError>(request: .none)
    // Called first with each value: while it holds the send of 1, another thread gives `starved`
    // demand.
    let first = Recorder<Int, TestError>(onValue: { value in
      guard value == 1 else { return }
      let requested = DispatchSemaphore(value: 0)
      Thread {
        starved.request(.max(2))
        requested.signal()
      }.start()
      requested.wait()
    })
    subject.subscribe(first)
    subject.subscribe(starved)
    subject.send(1)
    #expect(starved.values == [1])
    subject.send(2)
    #expect(starved.values == [1, 2])
  }

  /// The subject's own sink is handed the current value while it is still being attached; a value
  /// another thread sends meanwhile skips it, and it gets the latest once attached (it is linked
  /// with no mailbox, which is made for that).
  @Test func aSubjectsOwnSinkGetsTheLatestOfWhatAnotherThreadSentWhileItWasAttached() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let seen = Locked<[Int]>([])
    let cancellable = subject.sink { value in
      seen.append(value)
      guard value == 0 else { return }
      let sent = DispatchSemaphore(value: 0)
      Thread {
        subject.send(1)
        subject.send(2)
        sent.signal()
      }.start()
      sent.wait()
    }
    #expect(seen.value == [0, 2])
    subject.send(3)
    #expect(seen.value == [0, 2, 3])
    cancellable.cancel()
  }
}

/// An object that runs `onDeinit` when it goes: for values whose release runs code.
private final class ReleaseWatcher: @unchecked Sendable {
  let onDeinit: @Sendable () -> Void
  init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

@Suite struct ReplacedValueReleaseTests {
  @Test func aCurrentValueReleasedAsItIsReplacedMayUseTheSubject() {
    let seen = Locked<[String]>([])
    let finished = completesInTime {
      let subject = CurrentValueSubject<ReleaseWatcher?, Never>(nil)
      subject.value = ReleaseWatcher { [weak subject] in
        seen.append("released; the subject now holds \(subject?.value == nil ? "nil" : "a value")")
      }
      subject.value = nil
    }
    #expect(finished)
    #expect(seen.value == ["released; the subject now holds nil"])
  }

  @Test func aPublishedValueReleasedAsItIsReplacedMayUseTheProperty() {
    final class Model: @unchecked Sendable {
      @Published var watcher: ReleaseWatcher?
    }
    let seen = Locked<[String]>([])
    let finished = completesInTime {
      let model = Model()
      model.watcher = ReleaseWatcher { [weak model] in
        seen.append("released; the property now holds \(model?.watcher == nil ? "nil" : "a value")")
      }
      model.watcher = nil
    }
    #expect(finished)
    #expect(seen.value == ["released; the property now holds nil"])
  }

  // OpenCombine's CurrentValueSubjectTests.testRequestingDemand, at 1b8a26b: the current value is
  // delivered in the first request, then each set, the same value set again too, as far as the
  // subscriber's first request and its answers reach.
  @Test func aSubscriberGetsTheCurrentValueAndAsManySetsAsItsDemandsAddUpTo() {
    let firstRequests: [Subscribers.Demand?] = [nil, .max(1), .max(2), .max(10), .unlimited]
    let answers: [[Subscribers.Demand]] = [
      Array(repeating: .max(0), count: 5), Array(repeating: .max(1), count: 10),
      [.max(1), .max(0), .max(1), .max(0)], [.max(0), .max(1), .max(2)], [.unlimited, .max(1)],
    ]
    var received: [Int] = []
    for first in firstRequests {
      for answer in answers {
        var values: [Int] = []
        let subject = CurrentValueSubject<Int, TestError>(112)
        subject.value -= 1
        subject.subscribe(
          AnySubscriber<Int, TestError>(
            receiveSubscription: { subscription in first.map(subscription.request) },
            receiveValue: { value in
              defer { values.append(value) }
              return values.count < answer.count ? answer[values.count] : .none
            },
            receiveCompletion: { _ in }))
        #expect(values == (first == nil ? [] : [111]))
        for _ in 0..<20 { subject.value += 1 }
        let value = subject.value
        subject.value = value
        subject.send(completion: .finished)
        received.append(values.count)
      }
    }
    #expect(
      received == [0, 0, 0, 0, 0, 1, 11, 2, 1, 22, 2, 12, 4, 5, 22, 10, 20, 12, 13, 22, 22, 22, 22, 22, 22])
  }

  // OpenCombine's CurrentValueSubjectTests.testRequestSeveralTimes, at 1b8a26b: the current value is
  // delivered once, whatever the number of requests, and the rest of their sum goes to later values.
  @Test func severalRequestsDeliverTheCurrentValueOnceAndAddUp() throws {
    let subject = CurrentValueSubject<Int, TestError>(-1)
    let recorder = Recorder<Int, TestError>(request: .none)
    subject.subscribe(recorder)
    recorder.request(.max(2))
    recorder.request(.max(3))
    recorder.request(.max(1))
    #expect(recorder.values == [-1])
    for value in 0..<10 { subject.send(value) }
    #expect(recorder.values == [-1, 0, 1, 2, 3, 4])
  }

  // OpenCombine's CurrentValueSubjectTests.testMultipleSubscriptions, at 1b8a26b: a request made
  // inside receive(subscription:) delivers the current value there and then, before a subscription
  // made from the same place; cancelling some subscriptions leaves the others.
  @Test func aRequestFromInsideTheSubscriptionDeliversTheCurrentValueThenAndThere() {
    final class Resubscriber: Subscriber {
      enum Event: Equatable {
        case subscription
        case value(Int)
      }
      let subject: CurrentValueSubject<Int, TestError>
      var subscriptions: [any Subscription] = []
      var events: [Event] = []
      init(_ subject: CurrentValueSubject<Int, TestError>) { self.subject = subject }
      func receive(subscription: any Subscription) {
        subscription.request(.unlimited)
        subscriptions.append(subscription)
        events.append(.subscription)
        if subscriptions.count < 10 { subject.subscribe(self) }
      }
      func receive(_ input: Int) -> Subscribers.Demand {
        events.append(.value(input))
        return .none
      }
      func receive(completion: Subscribers.Completion<TestError>) {}
    }
    let subject = CurrentValueSubject<Int, TestError>(112)
    let subscriber = Resubscriber(subject)
    subject.subscribe(subscriber)
    let eachSubscription: [Resubscriber.Event] = [.value(112), .subscription]
    #expect(subscriber.events == Array(repeating: eachSubscription, count: 10).flatMap { $0 })
    subject.subscribe(subscriber)
    #expect(subscriber.events == Array(repeating: eachSubscription, count: 11).flatMap { $0 })
    for (index, subscription) in subscriber.subscriptions.enumerated() where index.isMultiple(of: 2) {
      subscription.cancel()
    }
    subject.value = 200
    #expect(
      subscriber.events
        == Array(repeating: eachSubscription, count: 11).flatMap { $0 }
        + Array(repeating: .value(200), count: 5))
  }

  // OpenCombine's CurrentValueSubjectTests.testValuesAfterCompletion and testChangeValueAfterCompletion,
  // at 1b8a26b: a value set from inside the completion, or after it, reaches nobody, yet setting
  // `value` still stores it, where `send` after the completion does not.
  @Test func aValueSetAfterTheCompletionIsStoredButReachesNobody() {
    let subject = CurrentValueSubject<Int, TestError>(112)
    let recorder = Recorder<Int, TestError>()
    let cancellable = subject.sink(receiveCompletion: { _ in subject.value = 42 }, receiveValue: { _ in })
    subject.subscribe(recorder)
    subject.value = 44
    subject.send(completion: .finished)
    #expect(subject.value == 42)
    subject.value = 1201
    #expect(recorder.events == [.subscription, .value(112), .value(44), .completion(.finished)])
    #expect(subject.value == 1201)
    subject.send(7)
    #expect(subject.value == 1201)
    cancellable.cancel()
  }

  // OpenCombine's CurrentValueSubjectTests.testReleasesEverythingOnTermination, at 1b8a26b.
  @Test(arguments: [StreamEnding.cancel, .finish, .fail])
  func theSubscriberAndTheSubjectAreLetGoWhenTheSubscriptionEnds(ending: StreamEnding) {
    let released = subjectReleaseCheck(ending) { CurrentValueSubject<Int, TestError>(42) }
    #expect(released.subscriber)
    #expect(released.subject)
  }
}
