import Dispatch
import Foundation
import Reactive
import Synchronization
import Testing

/// Operators that deliver from a scheduler's actions never call their downstream twice at once, even
/// on a scheduler that runs actions concurrently: each call into the downstream waits for the one
/// under way, as Combine's do (they hold a recursive lock of their own around it). The downstream
/// here, while receiving its first value, makes the operator emit a second, which a thread of its
/// own delivers; it then gives that thread a moment to call in.
@Suite(.tags(.realClock)) struct SchedulerOperatorSerializationTests {
  @Test func throttleWaitsForTheCallUnderWay() {
    let history = Self.run { $0.throttle(for: .zero, scheduler: ThreadPerActionScheduler(), latest: true) }
    #expect(history.overlaps == 0)
    #expect(history.values == [1, 2])
  }

  @Test func receiveOnWaitsForTheCallUnderWay() {
    let history = Self.run { $0.receive(on: ThreadPerActionScheduler()) }
    #expect(history.overlaps == 0)
    #expect(history.values == [1, 2])
  }

  @Test func debounceWaitsForTheCallUnderWay() {
    let history = Self.run { $0.debounce(for: .zero, scheduler: ThreadPerActionScheduler()) }
    #expect(history.overlaps == 0)
    #expect(history.values == [1, 2])
  }

  /// What the downstream saw: the values, and how many calls began while another was under way.
  struct History {
    var values: [Int]
    var overlaps: Int
  }

  static func run<P: Publisher<Int, Never>>(_ makeOperator: (PassthroughSubject<Int, Never>) -> P) -> History
  {
    let subject = PassthroughSubject<Int, Never>()
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let values = Locked<[Int]>([])
    let secondStarted = DispatchSemaphore(value: 0)
    let secondReturned = DispatchSemaphore(value: 0)
    let subscriber = AnySubscriber<Int, Never>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { value in
        if inside.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue > 1 {
          overlaps.wrappingAdd(1, ordering: .relaxed)
        }
        values.withLock { $0.append(value) }
        if value == 1 {
          subject.send(2)
          _ = secondStarted.wait(timeout: .now() + 0.3)
        } else {
          secondStarted.signal()
        }
        inside.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        if value == 2 { secondReturned.signal() }
        return .none
      },
      receiveCompletion: { _ in })
    makeOperator(subject).subscribe(subscriber)
    subject.send(1)
    _ = secondReturned.wait(timeout: .now() + 10)
    return History(values: values.value, overlaps: overlaps.load(ordering: .relaxed))
  }
}

/// A scheduler that runs every action at once on a thread of its own, whatever its date: actions run
/// concurrently, as on a concurrent queue.
struct ThreadPerActionScheduler: Scheduler {
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = Never

  var now: SchedulerTimeType { SchedulerTimeType(.now()) }
  var minimumTolerance: SchedulerTimeType.Stride { .zero }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    let action = UncheckedAction(run: action)
    Thread { action.run() }.start()
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    schedule(options: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(options: nil, action)
    return AnyCancellable {}
  }
}

/// An action handed to another thread; the scheduler's contract is that it may run anywhere.
private struct UncheckedAction: @unchecked Sendable {
  let run: () -> Void
}
