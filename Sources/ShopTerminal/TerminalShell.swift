import AppCore
import Foundation

/// The app's shell in a terminal: draws on the ``Terminal``, feeds the ``TerminalEventLoop``'s input
/// to the runtime, and ends the process with the terminal restored.
@MainActor
final class TerminalShell: AppShell {
  private let terminal: Terminal
  private let recording: CastFile?
  private var loop: TerminalEventLoop?
  private var runtime: AppRuntime?

  /// A shell for a terminal that has not been touched yet, recording what it draws to `recording`.
  init(terminal: Terminal, recording: CastFile? = nil) {
    self.terminal = terminal
    self.recording = recording
  }

  /// Starts the event sources and the screen, gives the runtime the window size, and draws the first
  /// frame. Call from a main-queue block after `Terminal.preflight()` succeeded.
  func start(_ runtime: AppRuntime) throws(Terminal.StartError) {
    self.runtime = runtime
    let loop = TerminalEventLoop(
      terminal: terminal, deliver: { [unowned self] event in self.runtime?.send(.input(event)) },
      willExit: { [unowned self] in
        let messages = [self.runtime?.finalSave(), self.recording?.failure].compactMap { $0 }
        return messages.isEmpty ? nil : messages.joined(separator: "\nshop: ")
      })
    self.loop = loop
    loop.start()
    try terminal.start()
    runtime.send(.input(.resize(width: terminal.width, height: terminal.height)))
    runtime.start()
  }

  nonisolated var hasScreen: Bool { true }

  nonisolated func draw(_ grid: Grid) {
    MainActor.assumeIsolated {
      terminal.draw(grid)
      if let failure = recording?.record(grid) { runtime?.send(.input(.notice(failure))) }
    }
  }

  nonisolated func announce(_ event: TimedEvent) {}

  nonisolated func invalidate() {
    MainActor.assumeIsolated { terminal.invalidate() }
  }

  nonisolated func exit(status: Int32, message: String?) {
    MainActor.assumeIsolated { () -> Void in
      terminal.stop()
      if let message { StandardError.say(message) }
      if let failure = recording?.failure { StandardError.say(failure) }
      // A recording that stopped early is a failure of the run, whatever else went well.
      Foundation.exit(status == 0 && recording?.failure != nil ? 1 : status)
    }
  }
}
