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
}
