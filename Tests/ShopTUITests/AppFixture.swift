import Dispatch
import Foundation
import Reactive
import Shop

@testable import ShopTUI

/// An app core on a virtual clock: the built-in catalog (or another), no state file, a fixed clock for
/// orders, and a window of the given size.
struct AppFixture {
  let scheduler = DispatchQueue.test
  let session: ShopSession
  let controller: AppController
  var events: EventLog

  /// Records the session's events in order.
  final class EventLog {
    var entries: [TimedEvent] = []
  }

  init(
    catalog: Catalog = .builtIn, shop: ShopState = ShopState(), mode: QuantityStoreMode = .controlled,
    debounce: DebounceInterval = .standard, width: Int = 80, height: Int = 24
  ) {
    session = ShopSession(
      catalog: catalog, shop: shop, mode: mode, debounce: debounce,
      scheduler: scheduler.eraseToAnyScheduler(), clock: { Date(timeIntervalSince1970: 1_800_000_000) })
    controller = AppController(session: session, width: width, height: height)
    events = EventLog()
    let log = events
    session.onEvent = { log.entries.append($0) }
  }

  /// Feeds key characters and named keys, as the terminal would deliver them.
  func press(_ keys: Key...) {
    for key in keys { send(.key(key)) }
  }

  /// Types each character of `text` as a key.
  func type(_ text: String) {
    for character in text { send(.key(.character(character))) }
  }

  /// Delivers `event` through the key bindings, as the app does.
  func send(_ event: InputEvent) {
    let listTop = controller.layout.list.origin.y
    if let action = KeyBindings.action(for: event, in: controller.state, listTop: listTop) {
      controller.handle(action)
    }
  }

  /// Advances the virtual clock.
  func advance(milliseconds: Int) {
    scheduler.advance(by: .milliseconds(milliseconds))
  }

  /// The screen as text.
  var screen: String { Screen.render(controller.state, session).renderedText }

  /// The header row.
  var header: String { String(screen.split(separator: "\n", omittingEmptySubsequences: false)[0]) }

  /// The events as `T EVENT VALUE` lines, like script mode prints them.
  var eventLines: [String] {
    events.entries.map { entry in
      let seconds = "\(entry.milliseconds / 1000).\(String(entry.milliseconds % 1000 + 1000).dropFirst())"
      switch entry.event {
      case .sent(let value): return "\(seconds) sent \(value)"
      case .badge(let value): return "\(seconds) badge \(value)"
      case .note(let text): return "\(seconds) note \(text)"
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
