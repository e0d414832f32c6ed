import Reactive
import Testing

@Suite struct DropFirstTests {
  @Test func leavesOutTheFirstValuesThenPassesTheRest() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var finished = false
    let cancellable = subject.dropFirst(2).sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(received == [3, 4, 5])
    #expect(finished)
    cancellable.cancel()
  }

  @Test func dropsTheCurrentValueThatACurrentValueSubjectReplays() {
    let subject = CurrentValueSubject<Int, Never>(7)
    var received: [Int] = []
    let cancellable = subject.dropFirst().sink { received.append($0) }
    subject.value = 8
    #expect(received == [8])
    cancellable.cancel()
  }

  @Test func droppedValuesDoNotUseUpBoundedDemand() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var subscription: (any Subscription)?
    subject.dropFirst(1).subscribe(
      AnySubscriber(
        receiveSubscription: {
          subscription = $0
          $0.request(.max(2))
        },
        receiveValue: {
          received.append($0)
          return .none
        }))
    for value in 1...5 { subject.send(value) }
    #expect(received == [2, 3])
    subscription?.cancel()
  }

  @Test func givesTheDownstreamItsSubscriptionBeforeSubscribingUpstream() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.dropFirst(2).subscribe(recorder)
    #expect(recorder.events == [.subscription])
  }

  @Test func asksUpstreamForTheValuesItLeavesOutBeforeAnyDownstreamDemand() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.dropFirst(3).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(subscription.calls == [.request(.max(3))])
    #expect([upstream.send(1), upstream.send(2), upstream.send(3)] == [.none, .none, .none])
    recorder.request(.max(1))
    upstream.send(4)
    #expect(subscription.calls == [.request(.max(3)), .request(.max(1))])
    #expect(recorder.events == [.subscription, .value(4)])
  }

  @Test func addsTheDemandAskedForBeforeTheUpstreamSubscribedToTheCount() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .max(2))
    upstream.dropFirst(3).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    for value in 1...5 { upstream.send(value) }
    #expect(subscription.calls == [.request(.max(5))])
    #expect(recorder.events == [.subscription, .value(4), .value(5)])
  }

  @Test func dropsNothingAndAsksForNothingWithACountOfZero() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let recorder = Recorder<Int, Never>(request: .none)
    upstream.dropFirst(0).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(subscription.calls == [])
    recorder.request(.max(1))
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
  }
}
