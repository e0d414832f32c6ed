import CNcurses
import Foundation
import Testing

@testable import ShopTUI

@Suite struct DisplayWidthTests {
  @Test func asciiAndLatinTakeOneColumnEach() {
    #expect(DisplayWidth.of("Apple") == 5)
    #expect(DisplayWidth.of("Crème fraîche") == 13)
  }

  @Test func combiningMarksJoinersAndSelectorsTakeNone() {
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of(Unicode.Scalar(0x200D)!) == 0)
    #expect(DisplayWidth.of(Unicode.Scalar(0xFE0F)!) == 0)
    #expect(DisplayWidth.of(Unicode.Scalar(0x1160)!) == 0)
  }

  @Test func eastAsianWideAndEmojiTakeTwo() {
    #expect(DisplayWidth.of("抹茶 Matcha") == 11)
    #expect(DisplayWidth.of("한국") == 4)
    #expect(DisplayWidth.of("ＡＢ") == 4)
    #expect(DisplayWidth.of("🍎") == 2)
    #expect(DisplayWidth.of("⌚") == 2)
  }

  @Test func controlCharactersCountAsTheirPlaceholder() {
    #expect(DisplayWidth.of("a\u{1B}b") == 3)
  }

  /// ncurses measures with libc `wcwidth`, so the table must agree with glibc wherever glibc knows the
  /// code point; unassigned code points (glibc answers -1) and controls are left out.
  @Test func agreesWithGlibcWcwidthUnderCUTF8() throws {
    let saved = String(cString: setlocale(LC_CTYPE, nil))
    defer { setlocale(LC_CTYPE, saved) }
    try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    var mismatches: [String] = []
    for value in UInt32(0xA0)...0x3_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = Int(shop_wcwidth(value))
      guard expected >= 0, !DisplayWidth.needsPlaceholder(scalar) else { continue }
      let actual = DisplayWidth.of(scalar)
      if actual != expected {
        mismatches.append(String(format: "U+%04X glibc %d ours %d", value, expected, actual))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(40).joined(separator: ", "))")
  }
}
