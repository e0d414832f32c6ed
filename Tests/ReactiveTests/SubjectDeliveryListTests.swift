import Dispatch
import Testing

@testable import Reactive

/// A send reads the subscriber list in place; these change the list from inside a delivery, in ways
/// that grow, shrink or replace its buffer, and check that the send in progress still reaches exactly
/// the subscribers it started with.
@Suite struct SubjectDeliveryListTests {
  @Test func subscribersAddedInsideADeliveryMissTheValueBeingSentButGetTheNext() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[String]>([])
    var added: [AnyCancellable] = []
    var cancellables: [AnyCancellable] = []
    for index in 0..<3 {
      subject.sink { value in
        received.append("s\(index):\(value)")
        if index == 0 && value == 1 {
          // Enough to reallocate the list's buffer several times over.
          for extra in 0..<40 {
            added.append(subject.sink { received.append("e\(extra):\($0)") })
          }
        }
      }.store(in: &cancellables)
    }
    subject.send(1)
    #expect(received.withLock { $0 } == ["s0:1", "s1:1", "s2:1"])
    received.withLock { $0 = [] }
    subject.send(2)
    #expect(
      received.withLock { $0 } == ["s0:2", "s1:2", "s2:2"] + (0..<40).map { "e\($0):2" })
    _ = added
  }

  @Test func subscribersCancelledInsideADeliveryGetNothingMoreFromIt() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[String]>([])
    var cancellables: [AnyCancellable] = []
    for index in 0..<6 {
      subject.sink { value in
        received.append("s\(index):\(value)")
        if index == 1 {
          // Cancels everyone after this one, and this one itself.
          for later in cancellables[1...] { later.cancel() }
        }
      }.store(in: &cancellables)
    }
    subject.send(1)
    subject.send(2)
    #expect(received.withLock { $0 } == ["s0:1", "s1:1", "s0:2"])
  }

  @Test func completionInsideADeliveryReachesEveryoneOnceAndEndsTheSend() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[String]>([])
    var cancellables: [AnyCancellable] = []
    for index in 0..<4 {
      subject.sink(
        receiveCompletion: { _ in received.append("s\(index):done") },
        receiveValue: { value in
          received.append("s\(index):\(value)")
          if index == 0 { subject.send(completion: .finished) }
        }
      ).store(in: &cancellables)
    }
    subject.send(1)
    subject.send(2)
    #expect(
      received.withLock { $0 } == ["s0:1", "s0:done", "s1:done", "s2:done", "s3:done"])
  }

  @Test func recursiveSendsThatChangeTheListDeliverInOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Locked<[String]>([])
    var cancellables: [AnyCancellable] = []
    var added: [AnyCancellable] = []
    subject.sink { value in
      received.append("a:\(value)")
      if value < 3 {
        added.append(subject.sink { received.append("n\(value):\($0)") })
        subject.send(value + 1)
      }
    }.store(in: &cancellables)
    subject.sink { received.append("b:\($0)") }.store(in: &cancellables)
    subject.send(1)
    #expect(
      received.withLock { $0 } == [
        "a:1", "a:2", "a:3", "b:3", "n1:3", "n2:3", "b:2", "n1:2", "b:1",
      ])
    _ = added
  }

  @Test func cancellingFromManyThreadsWhileSendingLosesNoLiveSubscriber() {
    let subject = PassthroughSubject<Int, Never>()
    let counts = Locked<[Int]>(Array(repeating: 0, count: 40))
    let cancellables = (0..<40).map { index in
      subject.sink { _ in counts.withLock { $0[index] += 1 } }
    }
    let sends = 2_000
    DispatchQueue.concurrentPerform(iterations: 3) { worker in
      if worker == 0 {
        for value in 0..<sends { subject.send(value) }
      } else {
        for index in stride(from: worker, to: 40, by: 2) where index % 4 != 1 {
          cancellables[index].cancel()
        }
      }
    }
    let final = counts.withLock { $0 }
    for index in 0..<40 where index % 4 == 1 || index == 0 {
      #expect(final[index] == sends)
    }
    for cancellable in cancellables { cancellable.cancel() }
  }

  @Test func sinkCancelledWhileItIsBeingSubscribedNeverLeaks() {
    for _ in 0..<200 {
      let subject = PassthroughSubject<Int, Never>()
      let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
      DispatchQueue.concurrentPerform(iterations: 2) { worker in
        if worker == 0 { subject.subscribe(sink) } else { sink.cancel() }
      }
      subject.send(1)
      // Cancelled before or after subscribing, the subject ends up without a live subscriber.
      #expect(subject.core.subscriberCount == 0)
    }
  }
}
