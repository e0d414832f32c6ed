extension String {
  /// The string cut to at most `width` display columns, ending in "…" when it was cut, never splitting
  /// a wide character.
  public func fitted(toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    guard DisplayWidth.of(self) > width else { return self }
    var result = ""
    var used = 0
    for character in self {
      let characterWidth = DisplayWidth.of(character)
      if used + characterWidth > width - 1 { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }
}

extension String {
  /// The string broken into lines of at most `width` display columns: at spaces where it can be,
  /// inside a word only when the word alone is wider than a line. Existing line breaks are kept.
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        var word = Substring(word)
        let wordWidth = DisplayWidth.of(word)
        if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 || !line.isEmpty {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        // A word wider than the line is broken where it must be.
        while DisplayWidth.of(word) > width {
          var piece = ""
          var pieceWidth = 0
          while let first = word.first, pieceWidth + DisplayWidth.of(first) <= width {
            piece.append(first)
            pieceWidth += DisplayWidth.of(first)
            word = word.dropFirst()
          }
          if piece.isEmpty, let first = word.first {
            piece.append(first)
            word = word.dropFirst()
          }
          lines.append(piece)
        }
        line = String(word)
        lineWidth = DisplayWidth.of(word)
      }
      lines.append(line)
    }
    return lines
  }
}
