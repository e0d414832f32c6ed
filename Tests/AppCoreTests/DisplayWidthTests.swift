import Foundation
import Testing

@testable import AppCore

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
}
