import Dispatch
import Foundation
import Reactive

/// Plays a script on a virtual clock (`--virtual-clock`): the runtime's scheduler is a `TestScheduler`,
/// each `wait` advances it, and at the end it runs until no work is left, so the last badge is printed.
/// Instant, exact, and on the caller's thread. Orders are dated from a fixed instant plus the virtual
/// time, so two runs of one script write the same state file.
enum ScriptModeVirtualClock {
  /// When a virtual-clock run starts: 2026-01-01T00:00:00Z.
  static let startDate = Date(timeIntervalSince1970: 1_767_225_600)

  /// Plays `lines` on the runtime `makeRuntime` builds around the scheduler and a clock, sending each
  /// announced event to `emit`; returns when the run ended, in milliseconds since its start.
  @discardableResult
  static func play(
    _ lines: [ScriptLine],
    makeRuntime: (AnySchedulerOf<DispatchQueue>, @escaping () -> Date, any AppShell) -> AppRuntime,
    emit: @escaping (TimedEvent) -> Void
  ) -> Int {
    let scheduler = DispatchQueue.test
    let start = scheduler.now
    let clock = { startDate.addingTimeInterval(Double(start.distance(to: scheduler.now).magnitude) / 1e9) }
    let shell = ScriptModeShell(emit: emit)
    let runtime = makeRuntime(scheduler.eraseToAnyScheduler(), clock, shell)
    let runner = ScriptModeRunner(runtime: runtime, lines: lines)
    while case .wait(let until) = runner.runUntilPause() {
      scheduler.advance(to: start.advanced(by: .milliseconds(until)))
    }
    scheduler.run()
    withExtendedLifetime(shell) {}
    return Int(start.distance(to: scheduler.now).magnitude / 1_000_000)
  }
}
