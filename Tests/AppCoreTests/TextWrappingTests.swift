import Testing

@testable import AppCore

@Suite struct TextWrappingTests {
  @Test func aWordWiderThanTheLineIsBrokenWhereItMustBeAndNothingIsLost() {
    let lines = "see Donaudampfschifffahrt now".wrapped(toWidth: 8)
    #expect(lines == ["see", "Donaudam", "pfschiff", "fahrt", "now"])
  }

  @Test func wideCharactersAreBrokenByTheirColumnsNotTheirCount() {
    let lines = "抹茶抹茶抹茶".wrapped(toWidth: 5)
    #expect(lines == ["抹茶", "抹茶", "抹茶"])
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 5 })
  }

  @Test func aCharacterWiderThanTheWholeLineStillGetsALineOfItsOwn() {
    #expect("a抹b".wrapped(toWidth: 1) == ["a", "抹", "b"])
  }
}
