import Testing

@testable import Shop

/// The one escaper: what it escapes, how it cuts, and what validation calls unsafe.
@Suite struct UntrustedTextEscapingTests {
  /// The bidirectional controls that reorder text on screen, the marks that set the direction of the
  /// characters beside them, and the line and paragraph separators.
  static let reorderingAndSeparators: [UInt32] =
    Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x200E, 0x200F, 0x061C, 0x2028, 0x2029]

  @Test func bidiControlsAndSeparatorsAreEscapedLikeC0AndC1() {
    for value in Self.reorderingAndSeparators {
      let scalar = Unicode.Scalar(value)!
      let text = "a" + String(scalar) + "b"
      let hex = String(value, radix: 16, uppercase: true)
      #expect(UntrustedText.quoted(text) == "\"a\\u{\(hex)}b\"")
      #expect(UntrustedText.escaped(text) == "a\\u{\(hex)}b")
      #expect(UntrustedText.isControl(scalar))
    }
  }

  @Test func theTrojanSourceReversalIsShownEscaped() {
    // U+202E (right-to-left override) would draw "txt.exe" as "exe.txt".
    #expect(UntrustedText.escaped("invoice\u{202E}txt.exe") == "invoice\\u{202E}txt.exe")
  }

  @Test func theDirectionMarksAreEscapedAndFoundUnsafe() {
    // U+200F after "(1" draws the parenthesis on the wrong side in a right-to-left terminal.
    #expect(UntrustedText.escaped("(1\u{200F}) a\u{200E}b\u{61C}c") == "(1\\u{200F}) a\\u{200E}b\\u{61C}c")
    #expect(UntrustedText.firstUnsafeScalar(in: "Gold \u{200F}x") == 0x200F)
    #expect(UntrustedText.firstUnsafeScalar(in: "\u{61C}") == 0x61C)
    #expect(UntrustedText.describeUnsafe(0x200E) == "the bidirectional mark U+200E")
    #expect(UntrustedText.describeUnsafe(0x61C) == "the bidirectional mark U+061C")
  }

  @Test func ordinaryTextAndMarksThatDoNotReorderStayAsTheyAre() {
    let text = "Crème 抹茶 \u{200D}joiner, zero\u{200B}width, \u{200C}non-joiner, \u{61B}\u{61D}"
    #expect(UntrustedText.escaped(text) == text)
    #expect(UntrustedText.firstUnsafeScalar(in: text) == nil)
  }

  @Test func theFirstUnsafeScalarIsFoundInAnyEncodingLength() {
    #expect(UntrustedText.firstUnsafeScalar(in: "ok\u{1B}[2J") == 0x1B)
    #expect(UntrustedText.firstUnsafeScalar(in: "x\u{7F}") == 0x7F)
    #expect(UntrustedText.firstUnsafeScalar(in: "é\u{9B}") == 0x9B)
    #expect(UntrustedText.firstUnsafeScalar(in: "abc\u{2066}def\u{1B}") == 0x2066)
    #expect(UntrustedText.firstUnsafeScalar(in: "line\u{2028}two") == 0x2028)
    #expect(UntrustedText.firstUnsafeScalar(in: "\u{2029}") == 0x2029)
    #expect(UntrustedText.firstUnsafeScalar(in: "\u{2027}\u{202F}\u{2065}\u{206A}") == nil)
  }

  @Test func unsafeScalarsAreNamedByKind() {
    #expect(UntrustedText.describeUnsafe(0x1B) == "the control character U+001B")
    #expect(UntrustedText.describeUnsafe(0x9B) == "the control character U+009B")
    #expect(UntrustedText.describeUnsafe(0x202E) == "the bidirectional control character U+202E")
    #expect(UntrustedText.describeUnsafe(0x2028) == "the line separator U+2028")
    #expect(UntrustedText.describeUnsafe(0x2029) == "the paragraph separator U+2029")
  }

  @Test func quotingCutsLongTextAfterTheLimit() {
    let long = String(repeating: "x", count: 1_000_000)
    let quoted = UntrustedText.quoted(long)
    #expect(quoted == "\"" + String(repeating: "x", count: UntrustedText.maximumQuotedLength) + "…\"")
  }

  @Test func cuttingKeepsShortTextAndMarksACut() {
    #expect(UntrustedText.cut("12345", to: 10) == "12345")
    #expect(UntrustedText.cut("1234567890123", to: 10) == "1234567890…")
  }
}
