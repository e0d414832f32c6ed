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
  private(set) var invalidations = 0

  let hasScreen: Bool

  /// A shell with a screen, or without one (nothing is then rendered).
  init(hasScreen: Bool = true) {
    self.hasScreen = hasScreen
  }

  func draw(_ grid: Grid) { frames.append(grid) }
  func announce(_ event: TimedEvent) { announced.append(event) }
  func invalidate() { invalidations += 1 }
  func exit(status: Int32, message: String?) { exits.append((status, message)) }
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
