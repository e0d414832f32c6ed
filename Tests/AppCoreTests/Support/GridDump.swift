import Shop

@testable import AppCore

extension Grid {
  /// The grid as text for golden files: one line per row, trailing spaces trimmed, each line ending in a
  /// newline. Wide glyphs appear once; their continuation column adds nothing.
  var renderedText: String {
    var result = ""
    for y in 0..<height {
      result += rowText(y).trimmingTrailingSpaces() + "\n"
    }
    return result
  }

  /// The grid as text with its styles: each row, then a line that marks every column with the style's
  /// letter (`.` for plain, a wide glyph's letter twice), then a legend naming each letter's style.
  var styledDump: String {
    var letters: [Style: Character] = [.plain: "."]
    var legend: [String] = []
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var result = ""
    for y in 0..<height {
      var marks = ""
      for x in 0..<width {
        let style = self[x, y].style
        if letters[style] == nil {
          let letter = letters.count - 1 < alphabet.count ? alphabet[letters.count - 1] : "?"
          letters[style] = letter
          legend.append("\(letter) = \(style.summary)")
        }
        marks.append(letters[style]!)
      }
      result += rowText(y).trimmingTrailingSpaces() + "\n"
      result += marks.trimmingTrailingDots() + "\n"
    }
    return result + legend.map { $0 + "\n" }.joined()
  }

  /// The glyphs of row `y`, untrimmed.
  func rowText(_ y: Int) -> String {
    var line = ""
    for x in 0..<width {
      if case .glyph(let text) = self[x, y].content { line += text }
    }
    return line
  }
}

extension String {
  /// The string without trailing dots (plain columns in a style line).
  func trimmingTrailingDots() -> String {
    var result = self
    while result.last == "." { result.removeLast() }
    return result
  }
}
