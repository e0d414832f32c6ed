import Foundation
import Reactive
import Testing

@Suite struct ImmediateSchedulerTests {
  @Test func runsEveryActionInlineBeforeScheduleReturns() {
    let scheduler = ImmediateScheduler.shared
    let log = Locked<[String]>([])
    scheduler.schedule { log.append("now") }
    log.append("after now")
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) { log.append("later") }
    log.append("after later")
    let cancellable = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {
      log.append("repeating")
    }
    log.append("after repeating")
    cancellable.cancel()
    #expect(log.value == ["now", "after now", "later", "after later", "repeating", "after repeating"])
  }

  @Test func theRepeatingSchedulesCancellableIsTheEmptySubscription() {
    let cancellable = ImmediateScheduler.shared.schedule(
      after: ImmediateScheduler.shared.now, interval: .seconds(1)
    ) {}
    #expect(String(describing: cancellable) == "Empty")
    #expect(cancellable is any Subscription)
  }

  @Test func clockNeverMoves() {
    let scheduler = ImmediateScheduler.shared
    let start = scheduler.now
    #expect(start.advanced(by: .seconds(5)).distance(to: start) == 0)
    #expect(scheduler.minimumTolerance == 0)
  }

  @Test func debounceOnTheImmediateSchedulerPassesValuesThrough() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.debounce(for: .seconds(1), scheduler: ImmediateScheduler.shared).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  // OpenCombine's ImmediateSchedulerTests.testSchedulerTimeType: Combine's immediate stride made from
  // a unit of time is zero, whatever the unit and the amount (immediate time does not pass).
  @Test func aStrideMadeFromAUnitOfTimeIsZero() {
    typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
    #expect(Stride.seconds(1.2) == 0)
    #expect(Stride.seconds(1100) == 0)
    #expect(Stride.milliseconds(123) == 0)
    #expect(Stride.microseconds(51) == 0)
    #expect(Stride.nanoseconds(23) == 0)
    #expect(Stride.seconds(Int.max) == 0)
    #expect(Stride.seconds(Double.infinity) == 0)
  }

  @Test func strideArithmeticSaturates() {
    typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
    #expect(Stride(Int.max) + Stride(1) == Stride(Int.max))
    #expect(Stride(Int.min) - Stride(1) == Stride(Int.min))
    #expect(Stride(Int.max) * Stride(2) == Stride(Int.max))
  }

  // Combine's immediate stride is written as a float literal too, as in
  // `delay(for: 0.35, scheduler: ImmediateScheduler.shared)`; the fraction is dropped
  // (OpenCombine's ImmediateSchedulerTests.testSchedulerTimeType).
  @Test func strideIsWrittenAsAFloatLiteralDroppingTheFraction() {
    typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
    let fourteen: Stride = 14.6
    let minusFour: Stride = -4.1
    #expect(fourteen == Stride(14))
    #expect(minusFour == Stride(-4))
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    subject.delay(for: 0.35, scheduler: ImmediateScheduler.shared).subscribe(recorder)
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  // OpenCombine's ImmediateSchedulerTests.testSchedulerTimeType, at 1b8a26b: every immediate time is
  // the same time, and its stride is a plain count that compares, adds, subtracts and multiplies as
  // one, and encodes as {"magnitude": N}.
  @Test func everyTimeIsTheSameAndTheStrideIsAPlainCountEncodedAsItsMagnitude() throws {
    typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
    let now = ImmediateScheduler.shared.now
    #expect(now == ImmediateScheduler.shared.now)
    #expect(now == now.advanced(by: 100))
    #expect(now.distance(to: now.advanced(by: -1)) == 0)
    #expect(Stride(14) == 14)
    #expect(Stride(-4) == -4)
    #expect(Stride(1) < Stride(2))
    #expect(Stride(-10) < Stride(2))
    #expect(Stride(-4) * Stride(5) == Stride(-20))
    #expect(Stride(10) * Stride(3) == Stride(30))
    #expect(Stride(-4) + Stride(5) == Stride(1))
    #expect(Stride(10) + Stride(3) == Stride(13))
    #expect(Stride(-4) - Stride(5) == Stride(-9))
    #expect(Stride(10) - Stride(3) == Stride(7))
    var stride = Stride(-4)
    stride += Stride(5)
    #expect(stride == 1)
    stride -= Stride(-10)
    #expect(stride == 11)
    stride *= 2
    #expect(stride == 22)
    let encoded = try JSONEncoder().encode(["value": Stride(-42)])
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"value":{"magnitude":-42}}"#)
    #expect(try JSONDecoder().decode([String: Stride].self, from: encoded)["value"] == -42)
  }
}
