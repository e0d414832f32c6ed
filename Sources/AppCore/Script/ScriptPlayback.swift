import Dispatch
import Reactive
import Shop

/// Plays a checked script in the terminal app (`shop --play FILE`): each line at the script's time, on
/// the app's own scheduler (so the time keys slow it down or pause it), as an ``AppEvent/played(line:_:)``
/// event that the screen shows as the keys it stands for. When it is over the app stays open.
public final class ScriptPlayback {
  private let lines: [ScriptLine]
  private weak var runtime: AppRuntime?
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private var nextIndex = 0
  private var started: DispatchQueue.SchedulerTimeType?
  private var waited = 0

  /// A playback of `script` through `runtime`, timed on the runtime's scheduler.
  public init(_ script: PlaybackScript, runtime: AppRuntime) {
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

/// A script read and checked for `--play`.
public struct PlaybackScript: Sendable {
  let lines: [ScriptLine]

  /// Reads and checks the script at `path` against `catalog`: every bad line is one of the messages
  /// of the error (`error: line N: ...`), as in script mode. `whileWaiting` is told if the file is a
  /// FIFO that no program writes to yet.
  public static func load(
    path: String, catalog: Catalog, whileWaiting: @escaping @Sendable (String) -> Void = { _ in }
  ) -> Result<PlaybackScript, PlaybackScriptError> {
    guard path != "-" else {
      return .failure(
        PlaybackScriptError(messages: ["error: --play needs a file: standard input is the terminal"]))
    }
    do {
      let bytes = try ScriptFile.contents(atPath: path, whileWaiting: whileWaiting)
      return .success(PlaybackScript(lines: try ScriptParser(catalog: catalog).parse(bytes)))
    } catch let error as ScriptProblems {
      return .failure(PlaybackScriptError(messages: error.messages))
    } catch {
      return .failure(PlaybackScriptError(messages: ["error: \(UntrustedText.escaped("\(error)"))"]))
    }
  }
}

/// Why a script cannot be played: the lines for standard error.
public struct PlaybackScriptError: Error, Sendable {
  /// One line each, already safe to print.
  public let messages: [String]
}
