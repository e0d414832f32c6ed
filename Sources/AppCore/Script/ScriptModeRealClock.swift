import Dispatch
import Foundation
import Reactive

/// Plays a script in real time, on a private serial queue that stands in for the app's main queue:
/// the runtime, its debounce and every event live on that queue, `wait` schedules the next turn for
/// the start plus the waits so far (so lateness never adds up), and at the end the player waits for a
/// pending debounce to reach the badge (at most the interval, plus a grace period) before it returns.
///
/// A private queue rather than `DispatchQueue.main`: script mode has no terminal and no signal
/// sources to share the main queue with, and a private queue lets ``play(_:makeRuntime:emit:)`` block
/// its caller on a semaphore and return, so it runs the same in-process under a test as under
/// `main.swift`, whichever thread calls it. Nothing polls: the caller sleeps in the semaphore.
final class ScriptModeRealClock: @unchecked Sendable {
  // @unchecked: after `play` hands the player to the queue, only that queue touches its state; the
  // semaphore orders the caller's last read after the queue's last write.

  /// How long past the expected final badge the player waits before giving up on it.
  static let graceMilliseconds = 500

  private let queue = DispatchQueue(label: "shop.script")
  private let done = DispatchSemaphore(value: 0)
  private let lines: [ScriptLine]
  private let makeRuntime: (AnySchedulerOf<DispatchQueue>, @escaping () -> Date, any AppShell) -> AppRuntime
  private let emit: (TimedEvent) -> Void
  private let uptime: @Sendable () -> DispatchTime
  private let date: @Sendable () -> Date
  private var shell: ScriptModeShell?
  private var runtime: AppRuntime?
  private var runner: ScriptModeRunner?
  private var start = DispatchTime(uptimeNanoseconds: 0)
  private var isSettling = false
  private var isFinished = false
  private var giveUp: DispatchWorkItem?

  private init(
    lines: [ScriptLine], uptime: @escaping @Sendable () -> DispatchTime, date: @escaping @Sendable () -> Date,
    makeRuntime: @escaping (AnySchedulerOf<DispatchQueue>, @escaping () -> Date, any AppShell) -> AppRuntime,
    emit: @escaping (TimedEvent) -> Void
  ) {
    self.lines = lines
    self.uptime = uptime
    self.date = date
    self.makeRuntime = makeRuntime
    self.emit = emit
  }

  /// Plays `lines` on the runtime `makeRuntime` builds around the player's queue and `date`, timed by
  /// `uptime` (the dispatch clock the queue's deadlines are on), sending each announced event to
  /// `emit` (on that queue); returns when the script and its last debounce are done.
  static func play(
    _ lines: [ScriptLine], uptime: @escaping @Sendable () -> DispatchTime,
    date: @escaping @Sendable () -> Date,
    makeRuntime: @escaping (AnySchedulerOf<DispatchQueue>, @escaping () -> Date, any AppShell) -> AppRuntime,
    emit: @escaping (TimedEvent) -> Void
  ) {
    let player = ScriptModeRealClock(
      lines: lines, uptime: uptime, date: date, makeRuntime: makeRuntime, emit: emit)
    player.queue.async { player.begin() }
    player.done.wait()
  }

  private func begin() {
    let shell = ScriptModeShell { [unowned self] event in received(event) }
    self.shell = shell
    let runtime = makeRuntime(queue.eraseToAnyScheduler(), date, shell)
    // After the runtime's own start, so that a turn scheduled for start + N never reads N - 1.
    start = uptime()
    self.runtime = runtime
    runner = ScriptModeRunner(runtime: runtime, lines: lines)
    resume()
  }

  private func resume() {
    guard let runner else { return }
    switch runner.runUntilPause() {
    case .wait(let until):
      queue.asyncAfter(deadline: start + .milliseconds(until)) { self.resume() }
    case .finished:
      // After this turn, once the pipeline has handed over what the last lines published.
      queue.async { self.settle() }
    }
  }

  private func received(_ event: TimedEvent) {
    emit(event)
    // Finish after this turn, so that a note that follows the badge in the same turn is printed.
    if isSettling { queue.async { self.finishIfSettled() } }
  }

  /// Finishes now if no debounce is pending; else once the badge catches up, or after the interval
  /// and the grace period at the latest.
  private func settle() {
    guard let state = runtime?.state, let pending = state.pending else { return finish() }
    isSettling = true
    let latest = pending.milliseconds + state.debounce.milliseconds + Self.graceMilliseconds
    let giveUp = DispatchWorkItem { self.finish() }
    self.giveUp = giveUp
    queue.asyncAfter(deadline: start + .milliseconds(latest), execute: giveUp)
  }

  private func finishIfSettled() {
    if runtime?.state.pending == nil { finish() }
  }

  private func finish() {
    guard !isFinished else { return }
    isFinished = true
    giveUp?.cancel()
    giveUp = nil
    runtime?.pipeline.badge.unbind()
    runtime = nil
    runner = nil
    shell = nil
    done.signal()
  }
}
