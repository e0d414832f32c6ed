import Dispatch
import Reactive
import Shop

/// Plays a checked script in the terminal app (`shop --play FILE`): each line at the script's time, on
/// the app's own scheduler (so the time keys slow it down or pause it), as an ``AppEvent/played(line:_:)``
/// event that the screen shows as the keys it stands for. When it is over the app stays open.
public final class PlayMode {
  private let lines: [ScriptLine]
  private weak var runtime: AppRuntime?
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private var nextIndex = 0
  private var started: DispatchQueue.SchedulerTimeType?
  private var waited = 0

  /// A playback of `script` through `runtime`, timed on the runtime's scheduler.
  public init(_ script: PlayModeScript, runtime: AppRuntime) {
    self.lines = script.lines
    self.runtime = runtime
    self.scheduler = runtime.scheduler
  }

  /// Plays the lines up to the first wait, and schedules the rest.
  public func start() {
    started = scheduler.now
    resume()
  }

  private func resume() {
    guard let runtime, let start = started else { return }
    while nextIndex < lines.count {
      let line = lines[nextIndex]
      nextIndex += 1
      switch line.step {
      case .perform(let command):
        runtime.send(.played(line: line.number, command))
      case .wait(let milliseconds):
        waited += milliseconds
        scheduler.schedule(after: start.advanced(by: .milliseconds(waited))) { [weak self] in self?.resume() }
        return
      }
    }
    runtime.send(.playbackFinished)
  }
}
