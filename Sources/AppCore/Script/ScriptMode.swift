import Dispatch
import Foundation
import Reactive
import Shop

/// `shop --script FILE|- [--virtual-clock] [--marbles] [--svg FILE.svg] [options]`: reads the script, the catalog and
/// the state file, checks every line, then plays the script through an ``AppRuntime`` without a
/// terminal and prints one line per event (see DESIGN.md, "Script mode"), or with `marbles` the
/// whole run as a ``MarbleDiagram``; with `--svg` it also writes the run as a ``MarbleSVG``, to a file
/// it creates before the run and never overwrites.
///
/// The types of this folder are named for the mode they serve: `ScriptMode…` for `--script` (its
/// runner, its shell, its real and virtual clocks), `PlayMode…` for `--play` (the script played in the
/// terminal app), and `Script…` alone for what both read: the parser, the lines, their problems and the
/// ``ScriptPlatform``.
///
/// Exit status: 0 when the script ran (domain refusals are notes, not failures); 2 when it did not
/// start (an unreadable script, a bad line, a bad catalog, a state file in use or with no usable place);
/// 1 when it ran but the state file could not be written at the end.
public enum ScriptMode {
  /// Runs the script at `path` (`-` for standard input) on `platform` (the process's own files,
  /// streams and clock in the executable) and returns the exit status. Blocks until the script is
  /// done; call it from any thread. `whileWaiting` is told if the script is a FIFO that no program
  /// writes to yet.
  public static func run(
    path: String, virtualClock: Bool, marbles: Bool = false, options: AppOptions, platform: ScriptPlatform,
    whileWaiting: @escaping @Sendable (String) -> Void = { _ in }
  ) -> Int32 {
    let lines: [ScriptLine]
    let catalog: Catalog
    do {
      let bytes =
        try path == "-"
        ? platform.readStandardInput() : platform.readFile(path, whileWaiting)
      catalog =
        try options.catalogPath.map { path throws(CatalogError) in try Catalog.load(fromFile: path) }
        ?? .builtIn
      lines = try ScriptParser(catalog: catalog).parse(bytes)
    } catch let error as ScriptProblems {
      error.messages.forEach(platform.error)
      return 2
    } catch {
      platform.error("error: \(UntrustedText.escaped("\(error)"))")
      return 2
    }

    let stateStore: StateStore?
    var state = ShopState()
    do {
      stateStore = try openState(options.state, platform: platform, now: platform.date(), into: &state)
    } catch {
      platform.error("error: \(UntrustedText.escaped("\(error)"))")
      return 2
    }

    let start = AppState(
      catalog: catalog, shop: state, mode: options.store, debounce: options.debounce, width: 0, height: 0)
    let makeRuntime = {
      (scheduler: AnySchedulerOf<DispatchQueue>, clock: @escaping () -> Date, shell: any AppShell) in
      AppRuntime(state: start, scheduler: scheduler, clock: clock, saver: stateStore, shell: shell)
    }
    let svgFile: SVGFile?
    do {
      svgFile = try options.svgPath.map { path throws(SVGFile.Problem) in try SVGFile(creating: path) }
    } catch {
      platform.error("error: \(error)")
      return 2
    }
    let emit = { (event: TimedEvent) in
      if let line = ScriptOutput.line(for: event) { platform.output(line) }
    }
    if marbles || svgFile != nil {
      // Both diagrams are drawn from a whole run on the virtual clock.
      let recorder = EventRecorder()
      let end = ScriptModeVirtualClock.play(
        lines, makeRuntime: makeRuntime,
        emit: {
          recorder.events.append($0)
          if !marbles { emit($0) }
        })
      if marbles { MarbleDiagram.lines(for: recorder.events, end: end).forEach(platform.output) }
      do {
        try svgFile?.write(MarbleSVG.document(for: recorder.events, end: end))
      } catch {
        platform.error("error: \(error)")
        return 1
      }
    } else if virtualClock {
      ScriptModeVirtualClock.play(lines, makeRuntime: makeRuntime, emit: emit)
    } else {
      ScriptModeRealClock.play(
        lines, uptime: platform.uptime, date: platform.date, makeRuntime: makeRuntime, emit: emit)
    }

    defer { stateStore?.close() }
    do {
      try stateStore?.flush()
    } catch {
      platform.error("error: \(UntrustedText.escaped("\(error)"))")
      return 1
    }
    return 0
  }

  /// Takes and loads the state file `choice` names, if any: in script mode only `--state FILE` uses
  /// one. A file that cannot be parsed is moved aside and reported as a warning; one that cannot be
  /// read or moved is reported as a warning and the script runs without a state file.
  private static func openState(
    _ choice: AppOptions.StateChoice, platform: ScriptPlatform, now: Date, into state: inout ShopState
  ) throws(StateFileError) -> StateStore? {
    guard case .file(let path) = choice else { return nil }
    switch try StateStore.open(path: path, now: now) {
    case .unusable(let notice):
      platform.error("warning: \(UntrustedText.escaped(notice))")
      return nil
    case .opened(let store, let loaded):
      if let notice = loaded.notice { platform.error("warning: \(UntrustedText.escaped(notice))") }
      state = loaded.state
      return store
    }
  }
}

/// The events of a run, kept in order for the marble diagram.
private final class EventRecorder {
  var events: [TimedEvent] = []
}
