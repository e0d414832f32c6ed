import Dispatch
import Reactive

/// Plays a script on a virtual clock (`--virtual-clock`): the session's scheduler is a
/// `TestScheduler`, each `wait` advances it, and at the end it runs until no debounce is pending, so the
/// last badge is printed. Instant, exact, and on the caller's thread.
enum VirtualClockPlayer {
  /// Plays `lines` on the session `makeSession` builds around the scheduler, sending each event to
  /// `emit`.
  static func play(
    _ lines: [ScriptLine], makeSession: (AnySchedulerOf<DispatchQueue>) -> ShopSession,
    emit: @escaping (TimedEvent) -> Void
  ) {
    let scheduler = DispatchQueue.test
    let session = makeSession(scheduler.eraseToAnyScheduler())
    let start = scheduler.now
    let runner = ScriptRunner(session: session, lines: lines, emit: emit)
    while case .wait(let until) = runner.runUntilPause() {
      scheduler.advance(to: start.advanced(by: .milliseconds(until)))
    }
    scheduler.run()
    session.onEvent = nil
  }
}
