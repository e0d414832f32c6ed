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
