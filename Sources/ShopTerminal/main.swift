import AppCore
import Dispatch
import Foundation
import Reactive
import Shop

/// Writes `shop: message` to standard error, control characters escaped (the message may repeat an
/// argument or a file name), and exits with `status`.
func fail(_ message: String, status: Int32 = 2) -> Never {
  StandardError.say(message)
  exit(status)
}

/// The app, kept for the life of the process once it runs in the terminal.
@MainActor enum Running {
  static var app: (TerminalShell, AppRuntime, PlayMode?)?
}

// A write past `ulimit -f` fails with EFBIG, reported like any other failed write, instead of ending
// the process by SIGXFSZ with no message (at a checkout, or in the middle of a recording).
signal(SIGXFSZ, SIG_IGN)

/// Tells the user, on standard error, that a script file is a FIFO that no program writes to yet.
@Sendable func sayWaiting(_ message: String) {
  StandardError.say(message)
}

let request: CommandLineRequest
do {
  request = try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail(error.description)
}

switch request {
case .help:
  print(HelpText.text)
case .version:
  print(HelpText.version)
case .script(let path, let virtualClock, let marbles, let options):
  exit(
    ScriptMode.run(
      path: path, virtualClock: virtualClock, marbles: marbles, options: options, platform: .standard,
      whileWaiting: sayWaiting))
case .run(let options), .play(_, let options):
  let catalog: Catalog
  do {
    catalog = try Startup.catalog(for: options)
  } catch {
    fail(error.description)
  }
  var playback: PlayModeScript?
  if case .play(let path, _) = request {
    switch PlayModeScript.load(
      path: path, catalog: catalog, readFile: ScriptPlatform.standard.readFile, whileWaiting: sayWaiting)
    {
    case .success(let script): playback = script
    case .failure(let error):
      for message in error.messages { StandardError.write(UntrustedText.safe(message)) }
      exit(2)
    }
  }
  do {
    try Terminal.preflight()
  } catch {
    let reason =
      switch error {
      case .notATerminal: "standard input and output must be a terminal"
      case .unknownTerminal(let term):
        term.isEmpty ? "TERM is not set" : "unknown terminal type '\(term)' (TERM)"
      case .cannotAddressCursor(let term): "terminal type '\(term)' (TERM) cannot move the cursor"
      case .cannotStartScreen: "cannot start the screen"
      }
    fail("\(reason); use --script FILE to run without one")
  }
  // The state file and the recording are opened once the terminal is known to be usable, so that a
  // refused start leaves no file behind.
  let startup: Startup
  do {
    startup = try Startup.prepare(
      options, catalog: catalog, environment: ProcessInfo.processInfo.environment, now: Date())
  } catch {
    fail(error.description)
  }
  let recording: CastFile?
  do {
    recording = try options.recordPath.map { path throws(CastFile.OpenError) in try CastFile(path: path) }
  } catch {
    fail(error.description)
  }
  DispatchQueue.main.async {
    MainActor.assumeIsolated {
      var state = AppState(
        catalog: startup.catalog, shop: startup.shop, mode: options.store, debounce: options.debounce,
        width: 80, height: 24)
      state.use(timeZone: .current)
      if let notice = startup.notice { state.showNotice(notice) }
      if let notice = startup.stickyNotice { state.showStickyNotice(notice) }
      let shell = TerminalShell(
        terminal: Terminal(
          options: Terminal.Options(colorDisabled: options.colorDisabled, mouse: !options.mouseDisabled)),
        recording: recording)
      let clock = PacedScheduler(queue: .main, realNow: { .now() })
      let runtime = AppRuntime(
        state: state, scheduler: clock.eraseToAnyScheduler(), clock: Date.init, saver: startup.stateStore,
        shell: shell, setPace: { clock.setRate($0) })
      do {
        try shell.start(runtime)
      } catch {
        fail("cannot start the screen; use --script FILE to run without one")
      }
      let player = playback.map { PlayMode($0, runtime: runtime) }
      player?.start()
      Running.app = (shell, runtime, player)
    }
  }
  dispatchMain()
}
