/// Plays checked script lines through an ``AppRuntime``, up to each `wait`, and leaves the clock to
/// its player: ``ScriptModeVirtualClock`` advances a test scheduler, ``ScriptModeRealClock`` schedules the
/// next turn on a queue. The runner itself never reads a clock.
///
/// Each line is a ``AppEvent/command(_:)`` event, as a key would be; what the runtime announces (each
/// value sent and each badge, and a note for a command the domain refuses) is the script's output.
final class ScriptModeRunner {
  /// Why ``runUntilPause()`` returned.
  enum Pause: Hashable, Sendable {
    /// A `wait` line: resume when the script's clock reads `untilMilliseconds` since the start.
    case wait(untilMilliseconds: Int)
    /// No lines are left.
    case finished
  }

  private let runtime: AppRuntime
  private let lines: [ScriptLine]
  private var nextIndex = 0
  /// The sum of the waits so far: where the script's clock should be now.
  private var scheduledMilliseconds = 0

  /// A runner for `lines` on `runtime`.
  init(runtime: AppRuntime, lines: [ScriptLine]) {
    self.runtime = runtime
    self.lines = lines
  }

  /// Carries out lines until a `wait` or the end of the script.
  func runUntilPause() -> Pause {
    while nextIndex < lines.count {
      let line = lines[nextIndex]
      nextIndex += 1
      switch line.step {
      case .perform(let command):
        runtime.send(.command(command))
      case .wait(let milliseconds):
        scheduledMilliseconds += milliseconds
        return .wait(untilMilliseconds: scheduledMilliseconds)
      }
    }
    return .finished
  }
}
