import Testing

@testable import Shop

/// Code points that reorder or break the line on screen are refused in ids and names like controls.
@Suite struct UnsafeCodePointTests {
  private func message(_ json: String) -> String {
    do {
      _ = try Catalog.parse(Array(json.utf8), source: "bad.json")
      return "loaded"
    } catch {
      return error.description
    }
  }

  @Test func aBidiOverrideInANameIsRefusedWithItsCodePoint() {
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "Gold \u202Eeerf", "price": 1}]}"#)
        == #"bad.json: items[0] (id "a"), field "name": contains the bidirectional control character U+202E"#)
  }

  @Test func anIsolateInAnIdIsRefusedAndEscapedInTheMessage() {
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a\u2066b", "name": "A", "price": 1}]}"#)
        == #"bad.json: items[0] (id "a\u{2066}b"), field "id": contains the bidirectional control character U+2066"#
    )
  }

  @Test func lineAndParagraphSeparatorsInANameAreRefused() {
    #expect(
      message(
        "{\"currency\": \"EUR\", \"items\": [{\"id\": \"a\", \"name\": \"two\u{2028}lines\", \"price\": 1}]}")
        == #"bad.json: items[0] (id "a"), field "name": contains the line separator U+2028"#)
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "\u2029", "price": 1}]}"#)
        == #"bad.json: items[0] (id "a"), field "name": contains the paragraph separator U+2029"#)
  }
}
