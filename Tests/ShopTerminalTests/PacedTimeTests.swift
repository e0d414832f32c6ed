import Dispatch
import Foundation
import Reactive
import Testing

@testable import ShopTerminal

/// Time the presenter controls: paused, slowed down, back to real time.
@Suite struct PacedTimeTests {
  /// A real clock that moves only when told to.
  final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 1_000_000_000
    var now: DispatchTime { lock.withLock { DispatchTime(uptimeNanoseconds: nanoseconds) } }
    func move(milliseconds: UInt64) { lock.withLock { nanoseconds += milliseconds * 1_000_000 } }
  }

  @Test func virtualTimeFollowsTheRealClockAtThePaceAndStandsStillWhilePaused() {
    let real = ManualClock()
    let clock = PacedScheduler(queue: DispatchQueue(label: "test.paced"), realNow: { real.now })
    let start = clock.now
    real.move(milliseconds: 1000)
    #expect(start.distance(to: clock.now) == .milliseconds(1000), "1x keeps real time")
    clock.setRate(0.125)
    real.move(milliseconds: 800)
    #expect(start.distance(to: clock.now) == .milliseconds(1100), "at 1/8 x, 800 ms are 100 ms")
    clock.setRate(0)
    real.move(milliseconds: 5000)
    #expect(start.distance(to: clock.now) == .milliseconds(1100), "paused, nothing moves")
    clock.setRate(1)
    real.move(milliseconds: 250)
    #expect(start.distance(to: clock.now) == .milliseconds(1350), "and it goes on from there")
  }

  @Test func workForNowRunsWhilePausedAndDatedWorkWaits() {
    let queue = DispatchQueue(label: "test.paced.work")
    let real = ManualClock()
    let clock = PacedScheduler(queue: queue, realNow: { real.now })
    clock.setRate(0)
    let ran = Locked<[String]>([])
    clock.schedule { ran.withLock { $0.append("now") } }
    clock.schedule(after: clock.now.advanced(by: .milliseconds(1))) { ran.withLock { $0.append("later") } }
    queue.sync {}
    #expect(ran.withLock { $0 } == ["now"])
  }
}
