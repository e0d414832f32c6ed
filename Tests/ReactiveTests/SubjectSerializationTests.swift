import Dispatch
import Foundation
import Reactive
import Testing

/// Without a lock held across deliveries, subjects still call each subscriber one call at a time
/// (a call from another thread never overlaps; a send from inside a call on the same thread is
/// delivered at once, recursively) and in the order the sends happened.
@Suite struct SubjectSerializationTests {
  static let threads = 4
  static let sendsPerThread = 2_000

  /// Watches one subscriber's calls: counts a call that begins while another thread is inside one,
  /// and a value from a thread that does not follow that thread's previous value.
  private final class CallWatcher: @unchecked Sendable {
    private let state = Locked<(thread: UInt64?, depth: Int)>((nil, 0))
    let overlaps = AtomicCounter()
    let outOfOrder = AtomicCounter()
    /// Touched only inside calls: if calls overlapped, ThreadSanitizer would report it too.
    private var last = [Int](repeating: -1, count: SubjectSerializationTests.threads)
    var lastIndices: [Int] { state.withLock { _ in last } }

    func enter() {
      let thread = UInt64(pthread_self())
      state.withLock { state in
        if state.depth > 0, state.thread != thread { overlaps.increment() }
        state.thread = thread
        state.depth += 1
      }
    }

    func record(thread: Int, index: Int) {
      if index != last[thread] + 1 { outOfOrder.increment() }
      last[thread] = index
    }

    func leave() {
      state.withLock { $0.depth -= 1 }
    }
  }

  @Test func eachSubscriberGetsEachThreadsValuesInOrderOneCallAtATime() {
    let subject = PassthroughSubject<(thread: Int, index: Int), Never>()
    let echoes = AtomicCounter()
    let watchers = (0..<3).map { _ in CallWatcher() }
    var cancellables = watchers.enumerated().map { number, watcher in
      subject.sink { value in
        watcher.enter()
        defer { watcher.leave() }
        if value.thread < Self.threads {
          watcher.record(thread: value.thread, index: value.index)
        }
        // The first subscriber echoes some values back into the subject from inside its call.
        if number == 0, value.thread < Self.threads, value.index.isMultiple(of: 50) {
          echoes.increment()
          subject.send((Self.threads, value.index))
        }
      }
    }
    let stop = AtomicFlag()
    let senders: [@Sendable () -> Void] = (0..<Self.threads).map { thread in
      {
        for index in 0..<Self.sendsPerThread { subject.send((thread, index)) }
      }
    }
    // Meanwhile another thread keeps subscribing and cancelling, which changes the list.
    let churn: @Sendable () -> Void = {
      while !stop.isSet { subject.sink { _ in }.cancel() }
    }
    let churner = Thread(block: churn)
    churner.start()
    #expect(allCompleteInTime(seconds: 30, senders))
    stop.set()
    for watcher in watchers {
      #expect(watcher.overlaps.value == 0)
      #expect(watcher.outOfOrder.value == 0)
      #expect(watcher.lastIndices == Array(repeating: Self.sendsPerThread - 1, count: Self.threads))
    }
    #expect(echoes.value == Self.threads * Self.sendsPerThread / 50)
    cancellables.removeAll()
  }

  @Test func everySubscriberOfACurrentValueSubjectEndsOnItsFinalValue() {
    let subject = CurrentValueSubject<Int, Never>(-1)
    let lastSeen = (0..<3).map { _ in Locked(Int.min) }
    let cancellables = lastSeen.map { last in subject.sink { value in last.withLock { $0 = value } } }
    let senders: [@Sendable () -> Void] = (0..<Self.threads).map { thread in
      {
        for index in 0..<Self.sendsPerThread { subject.send(thread * Self.sendsPerThread + index) }
      }
    }
    #expect(allCompleteInTime(seconds: 30, senders))
    for last in lastSeen {
      #expect(last.value == subject.value)
    }
    withExtendedLifetime(cancellables) {}
  }

  @Test func aValueSentWhileAnotherThreadIsCallingASubscriberArrivesAfterThatCallOnly() {
    let subject = PassthroughSubject<Int, Never>()
    let inCall = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let log = Locked<[String]>([])
    let cancellable = subject.sink { value in
      log.append("begin \(value)")
      if value == 1 {
        inCall.signal()
        _ = proceed.wait(timeout: .now() + 5)
      }
      log.append("end \(value)")
    }
    let finished = allCompleteInTime(
      seconds: 10,
      [
        { subject.send(1) },
        {
          inCall.wait()
          // Returns at once: the value waits for the first call to return.
          subject.send(2)
          log.append("sent 2")
          proceed.signal()
        },
      ])
    #expect(finished)
    #expect(log.value == ["begin 1", "sent 2", "end 1", "begin 2", "end 2"])
    cancellable.cancel()
  }
}
