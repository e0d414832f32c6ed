/// Plays checked script lines through a ``ShopSession``, up to each `wait`, and leaves the clock to
/// its player: ``VirtualClockPlayer`` advances a test scheduler, ``RealClockPlayer`` schedules the
/// next turn on a queue. The runner itself never reads a clock.
///
/// Every session event goes to `emit`. A command the domain refuses (removing what the basket does not
/// hold, reordering with no order, checking out an empty basket) is emitted as a note with the reason,
/// and the script goes on.
final class ScriptRunner {
  /// Why ``runUntilPause()`` returned.
  enum Pause: Hashable, Sendable {
    /// A `wait` line: resume when the script's clock reads `untilMilliseconds` since the start.
    case wait(untilMilliseconds: Int)
    /// No lines are left.
    case finished
  }

  private let session: ShopSession
  private let lines: [ScriptLine]
  private let emit: (TimedEvent) -> Void
  private var nextIndex = 0
  /// The sum of the waits so far: where the script's clock should be now.
  private var scheduledMilliseconds = 0

  /// A runner for `lines` on `session`; it takes over the session's `onEvent` to send events to `emit`.
  init(session: ShopSession, lines: [ScriptLine], emit: @escaping (TimedEvent) -> Void) {
    self.session = session
    self.lines = lines
    self.emit = emit
    session.onEvent = emit
  }

  /// Carries out lines until a `wait` or the end of the script.
  func runUntilPause() -> Pause {
    while nextIndex < lines.count {
      let line = lines[nextIndex]
      nextIndex += 1
      switch line.step {
      case .perform(let command):
        do {
          try session.perform(command)
        } catch {
          emit(TimedEvent(milliseconds: session.elapsedMilliseconds, event: .note(error.description)))
        }
      case .wait(let milliseconds):
        scheduledMilliseconds += milliseconds
        return .wait(untilMilliseconds: scheduledMilliseconds)
      }
    }
    return .finished
  }
}
