/// How many terminal columns text takes, measured the way `Grid` draws it and glibc's `wcwidth` counts it.
///
/// A scalar is 0 columns wide when it is a combining mark, a zero-width format character (joiners,
/// variation selectors, bidi controls) or a medial/final Hangul jamo; 2 when it is East Asian Wide or
/// Fullwidth (CJK, Hangul syllables, kana, fullwidth forms) or an emoji with emoji presentation; 1
/// otherwise. Characters that `Grid` replaces with a visible placeholder (controls, separators, unassigned
/// code points) count as 1, the width of that placeholder.
/// The answer never depends on the process locale.
public enum DisplayWidth {
  /// The columns one scalar takes: 0, 1 or 2.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 || needsPlaceholder(scalar) { return 1 }
    if isZeroWidth(scalar) { return 0 }
    if value < 0x1100 { return 1 }
    return isWide(scalar) ? 2 : 1
  }

  /// The columns a grapheme cluster takes: the sum over its scalars, as `wcswidth` counts it.
  public static func of(_ character: Character) -> Int {
    var total = 0
    for scalar in character.unicodeScalars { total += of(scalar) }
    return total
  }

  /// The columns a string takes when written into a `Grid`.
  public static func of(_ text: some StringProtocol) -> Int {
    var total = 0
    for scalar in text.unicodeScalars { total += of(scalar) }
    return total
  }

  /// Whether a scalar must not reach the terminal and is drawn as U+FFFD instead: control characters,
  /// line and paragraph separators, and code points this Unicode version leaves unassigned.
  public static func needsPlaceholder(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    if value < 0xA0 { return false }
    switch scalar.properties.generalCategory {
    case .lineSeparator, .paragraphSeparator, .unassigned, .surrogate:
      return true
    default:
      return false
    }
  }

  /// Whether a scalar takes no column of its own and attaches to the character before it.
  ///
  /// U+1171E (an Ahom medial that newer Unicode calls a spacing mark) stays zero-width as glibc has it.
  public static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x300 { return false }
    if hangulJamoVowelsAndFinals.contains(where: { $0.contains(value) }) { return true }
    if value == 0x200B || value == 0x1171E { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark:
      return true
    case .format:
      return !formatCharactersWithWidth.contains(where: { $0.contains(value) })
    default:
      return false
    }
  }

  /// Whether a scalar takes two columns.
  public static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x1100 { return false }
    if regionalIndicators.contains(value) { return false }
    if scalar.properties.isEmojiPresentation { return true }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Flag letters: emoji presentation, yet one column each in glibc (a flag is a pair of them).
  private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF

  /// Hangul jamo that combine with a leading consonant into one syllable block.
  private static let hangulJamoVowelsAndFinals: [ClosedRange<UInt32>] = [0x1160...0x11FF, 0xD7B0...0xD7FF]

  /// Format characters (category Cf) that glibc nevertheless draws one column wide: the soft hyphen and
  /// the prepended concatenation marks of Arabic, Syriac and Kaithi.
  private static let formatCharactersWithWidth: [ClosedRange<UInt32>] = [
    0xAD...0xAD, 0x600...0x605, 0x6DD...0x6DD, 0x70F...0x70F, 0x890...0x891, 0x8E2...0x8E2,
    0x110BD...0x110BD, 0x110CD...0x110CD,
  ]

  /// East Asian Wide and Fullwidth ranges that are not emoji, sorted; unassigned gaps are merged in.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul jamo leading consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // kana, bopomofo, Hangul compatibility jamo, kanbun, CJK strokes, enclosed CJK
    0x3400...0x4DBF,  // CJK extension A
    0x4DC0...0x4DFF,  // Yijing hexagram symbols (wide in glibc)
    0x4E00...0xA4CF,  // CJK unified ideographs, Yi
    0xA960...0xA97F,  // Hangul jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x16FF0...0x16FF1,
    0x17000...0x18CFF,  // Tangut, Khitan
    0x18D00...0x18D08,
    0x1AFF0...0x1B2FF,  // kana supplement and extensions, Nushu
    0x1F200...0x1F202,  // enclosed ideographic supplement
    0x1F210...0x1F23B,
    0x1F240...0x1F248,
    0x1F250...0x1F251,
    0x1F260...0x1F265,
    0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}
