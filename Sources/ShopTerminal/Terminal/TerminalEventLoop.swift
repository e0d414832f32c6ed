import AppCore
import Dispatch
import Foundation

/// Connects the terminal to the main queue without polling: a read source on stdin and signal sources
/// for window changes, Ctrl-Z, and the signals that end the process.
///
/// Create it and call `start()` from a main-queue block (not before `dispatchMain()`), before
/// `Terminal.start()`; sources exist only from then on, so tests can create and drop this freely.
@MainActor
final class TerminalEventLoop {
  private let terminal: Terminal
  private let deliver: @MainActor (InputEvent) -> Void
  private let willExit: @MainActor () -> String?
  private var sources: [any DispatchSourceProtocol] = []
  /// Whether a check of the terminal's input deadline is already on the main queue.
  private var expiryScheduled = false

  /// A loop that hands each event to `deliver`; `willExit` runs before the terminal is restored when a
  /// signal ends the app, so the app can save its state, and returns a message for the user (printed
  /// once the terminal is restored) if that failed.
  init(
    terminal: Terminal, deliver: @escaping @MainActor (InputEvent) -> Void,
    willExit: @escaping @MainActor () -> String? = { nil }
  ) {
    self.terminal = terminal
    self.deliver = deliver
    self.willExit = willExit
  }

  /// The signals that end the process: restore the terminal, then die by the same signal.
  static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Creates and resumes the dispatch sources on the main queue.
  func start() {
    guard sources.isEmpty else { return }
    for signalNumber in Self.terminatingSignals {
      observe(signalNumber) { loop in loop.terminate(by: signalNumber) }
    }
    observe(SIGWINCH) { loop in
      if let resize = loop.terminal.followWindowSize() { loop.deliver(resize) }
    }
    observe(SIGTSTP) { loop in
      if let resize = loop.terminal.suspendForStop() { loop.deliver(resize) }
    }
    observe(SIGCONT) { loop in
      if let resize = loop.terminal.resumeAfterStop() { loop.deliver(resize) }
    }
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        for event in self.terminal.readPendingInput() { self.deliver(event) }
        self.expireInputLater()
      }
    }
    input.resume()
    sources.append(input)
  }

  /// Once what the terminal read waits for more (a paste without its end marker), asks it again when
  /// that wait is over, so that the paste ends and says so even if no key follows.
  private func expireInputLater() {
    guard !expiryScheduled, let wait = terminal.pendingInputDeadline else { return }
    expiryScheduled = true
    let nanoseconds = max(
      0, wait.components.seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000)
    DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds) + 1_000_000)) {
      [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.expiryScheduled = false
        for event in self.terminal.expirePendingInput() { self.deliver(event) }
        self.expireInputLater()
      }
    }
  }

  /// Ends the app for a signal: `willExit`, restore the terminal, then the signal's default action.
  private func terminate(by signalNumber: Int32) {
    let message = willExit()
    terminal.stop()
    if let message { StandardError.say(message) }
    Terminal.die(by: signalNumber)
  }

  /// Runs `handler` on the main queue each time `signalNumber` arrives.
  private func observe(_ signalNumber: Int32, handler: @escaping @MainActor (TerminalEventLoop) -> Void) {
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        handler(self)
      }
    }
    source.resume()
    sources.append(source)
  }
}
