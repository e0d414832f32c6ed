import Dispatch
import Foundation
import Reactive
import Shop

@testable import AppCore

/// A shell that draws into memory: every frame, announcement and exit it was asked for.
final class RecordingShell: AppShell {
  private(set) var frames: [Grid] = []
  private(set) var announced: [TimedEvent] = []
  private(set) var exits: [(status: Int32, message: String?)] = []

  let hasScreen: Bool

  /// A shell with a screen, or without one (nothing is then rendered).
  init(hasScreen: Bool = true) {
    self.hasScreen = hasScreen
  }

  func draw(_ grid: Grid) { frames.append(grid) }
  func announce(_ event: TimedEvent) { announced.append(event) }
  func exit(status: Int32, message: String?) { exits.append((status, message)) }
}

/// The app core on a virtual clock, as the terminal runs it: the built-in catalog (or another), no
/// state file unless given, a fixed clock for orders, and a window of the given size. After each input
/// the scheduler runs what is due now, as the main queue would.
struct AppFixture {
  let scheduler = DispatchQueue.test
  let shell: RecordingShell
  let runtime: AppRuntime

  init(
    catalog: Catalog = .builtIn, shop: ShopState = ShopState(), mode: QuantityStoreMode = .controlled,
    debounce: DebounceInterval = .standard, width: Int = 80, height: Int = 24,
    saver: (any StateSaving)? = nil,
    drawing: Bool = true
  ) {
    shell = RecordingShell(hasScreen: drawing)
    let state = AppState(
      catalog: catalog, shop: shop, mode: mode, debounce: debounce, width: width, height: height)
    runtime = AppRuntime(
      state: state, scheduler: scheduler.eraseToAnyScheduler(),
      clock: { Date(timeIntervalSince1970: 1_800_000_000) }, saver: saver, shell: shell)
    runtime.start()
    scheduler.advance()
  }

  /// The app state now.
  var state: AppState { runtime.state }
  /// The store the engine writes to now.
  var store: any QuantityStore { runtime.engine.store }

  /// Feeds key characters and named keys, as the terminal would deliver them.
  func press(_ keys: Key...) {
    for key in keys { send(.key(key)) }
  }

  /// Types each character of `text` as a key.
  func type(_ text: String) {
    for character in text { send(.key(.character(character))) }
  }

  /// Delivers `event` as the terminal does, then lets the main queue run what is due.
  func send(_ event: InputEvent) {
    runtime.send(.input(event))
    scheduler.advance()
  }

  /// Sends a command, as a script line does.
  func perform(_ command: ShopCommand) {
    runtime.send(.command(command))
    scheduler.advance()
  }

  /// Advances the virtual clock.
  func advance(milliseconds: Int) {
    scheduler.advance(by: .milliseconds(milliseconds))
  }

  /// The screen as text.
  var screen: String { Screen.render(state).renderedText }

  /// The header row.
  var header: String { String(screen.split(separator: "\n", omittingEmptySubsequences: false)[0]) }

  /// The announced events as `T EVENT VALUE` lines, like script mode prints them; refusals (which
  /// script mode prints as notes) are left out, to keep key-sequence tests about the badge.
  var eventLines: [String] {
    shell.announced.compactMap { entry in
      let seconds = ScriptOutput.seconds(entry.milliseconds)
      switch entry.event {
      case .sent(let value): return "\(seconds) sent \(value)"
      case .badge(let value): return "\(seconds) badge \(value)"
      case .note(let text): return text.hasPrefix("cannot ") ? nil : "\(seconds) note \(text)"
      }
    }
  }
}

extension Grid {
  /// The screen as a terminal without colour shows it: each row's text, then a row with each cell's
  /// attributes in monochrome (`.` none, R reverse, B bold, D dim, X reverse and bold, Y reverse and
  /// dim, Z bold and dim, U anything with underline), so a golden file shows that selection, errors
  /// and pending values stay readable without colour.
  var monochromeDump: String {
    let scheme = ColorScheme(mode: .monochrome)
    var result = ""
    for y in 0..<height {
      var marks = ""
      for x in 0..<width {
        let attributes = scheme.appearance(of: self[x, y].style).attributes
        marks.append(Self.letter(for: attributes))
      }
      result += rowText(y).trimmingTrailingSpaces() + "\n" + marks.trimmingTrailingDots() + "\n"
    }
    return result
  }

  private static func letter(for attributes: TextAttributes) -> Character {
    if attributes.contains(.underline) { return "U" }
    switch (attributes.contains(.reverse), attributes.contains(.bold), attributes.contains(.dim)) {
    case (false, false, false): return "."
    case (true, false, false): return "R"
    case (false, true, false): return "B"
    case (false, false, true): return "D"
    case (true, true, false): return "X"
    case (true, false, true): return "Y"
    case (false, true, true): return "Z"
    case (true, true, true): return "*"
    }
  }
}
