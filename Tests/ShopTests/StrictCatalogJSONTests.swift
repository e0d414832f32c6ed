import Testing

@testable import Shop

/// The catalog reader follows RFC 8259 exactly: it refuses what is not JSON and accepts what is.
@Suite struct StrictCatalogJSONTests {
  /// A catalog with one valid item and `extra` as the value of an unknown top-level key.
  static func catalog(extra: String) -> String {
    #"{"currency": "EUR", "extra": \#(extra), "items": [{"id": "a", "name": "A", "price": 1}]}"#
  }

  static func message(_ json: String) -> String {
    message(Array(json.utf8))
  }

  static func message(_ bytes: [UInt8]) -> String {
    do {
      _ = try Catalog.parse(bytes, source: "c.json")
      return "loaded"
    } catch {
      return error.description
    }
  }

  @Test(arguments: [
    ("0123", "c.json: not valid JSON at line 1, column 30: a number must not start with 0 unless it is 0"),
    ("-012", "c.json: not valid JSON at line 1, column 31: a number must not start with 0 unless it is 0"),
    ("1.", "c.json: not valid JSON at line 1, column 32: expected a digit after '.'"),
    ("-", "c.json: not valid JSON at line 1, column 31: expected a digit after '-'"),
    ("1e", "c.json: not valid JSON at line 1, column 32: expected a digit in the exponent"),
    ("1e+", "c.json: not valid JSON at line 1, column 33: expected a digit in the exponent"),
    ("01.5", "c.json: not valid JSON at line 1, column 30: a number must not start with 0 unless it is 0"),
    ("+1", "c.json: not valid JSON at line 1, column 30: expected a value"),
    (".5", "c.json: not valid JSON at line 1, column 30: expected a value"),
    ("1.5.2", "c.json: not valid JSON at line 1, column 33: unexpected character in a number"),
    ("1-2", "c.json: not valid JSON at line 1, column 31: unexpected character in a number"),
  ])
  func malformedNumbersAreRefusedWhereverTheyAre(number: String, expected: String) {
    #expect(Self.message(Self.catalog(extra: number)) == expected)
  }

  @Test func malformedNumbersAreRefusedAsPricesToo() {
    #expect(
      Self.message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 0123}]}"#)
        == "c.json: not valid JSON at line 1, column 65: a number must not start with 0 unless it is 0")
    #expect(
      Self.message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1.}]}"#)
        == "c.json: not valid JSON at line 1, column 67: expected a digit after '.'")
  }

  @Test(arguments: [
    "0", "-0", "0.5", "-1.25e-3", "1E+2", "12e10", "123456789012345678901234567890", "true", "null",
  ])
  func validNumbersAndLiteralsInUnknownFieldsAreAccepted(value: String) {
    #expect(Self.message(Self.catalog(extra: value)) == "loaded")
  }

  @Test func aRawControlCharacterInAStringOfAnUnknownFieldIsRefused() {
    #expect(
      Self.message(Self.catalog(extra: "\"a\u{07}b\""))
        == "c.json: not valid JSON at line 1, column 32: the control character U+0007 is not escaped in a string"
    )
    #expect(
      Self.message(Self.catalog(extra: "[\"tab\there\"]"))
        == "c.json: not valid JSON at line 1, column 35: the control character U+0009 is not escaped in a string"
    )
    #expect(Self.message(Self.catalog(extra: #""escaped \u0007 is fine""#)) == "loaded")
  }

  @Test func aRawControlCharacterInAKeyIsRefused() {
    #expect(
      Self.message("{\"currency\": \"EUR\", \"ex\u{1B}tra\": 1, \"items\": []}")
        == "c.json: not valid JSON at line 1, column 24: the control character U+001B is not escaped in a string"
    )
  }

  @Test func aByteOrderMarkAtTheStartIsAccepted() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.catalog(extra: "1").utf8)
    #expect(try Catalog.parse(bytes, source: "c.json").items.map(\.id) == ["a"])
  }

  @Test func aByteOrderMarkAnywhereElseIsRefused() {
    let bytes: [UInt8] = Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array(Self.catalog(extra: "1").utf8)
    #expect(
      Self.message(bytes)
        == "c.json: not valid JSON at line 1, column 2: expected '{' at the start of the catalog")
  }

  @Test func onlyTheFourWhitespaceBytesSeparateTokens() {
    #expect(Self.message("{\"currency\": \"EUR\",\u{0C} \"items\": []}").hasPrefix("c.json: not valid JSON"))
    #expect(Self.message("{\"currency\":\t\"EUR\",\r\n \"items\": []}") == "loaded")
  }

  @Test func nestingUpToTheLimitIsAcceptedAndDeeperIsRefused() {
    // The top-level object is level 1, so the value of "extra" may open 511 more.
    let deepest = JSONLimits.maximumNesting - 1
    let fits = String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest)
    #expect(Self.message(Self.catalog(extra: fits)) == "loaded")
    let tooDeep = "[" + fits + "]"
    #expect(
      Self.message(Self.catalog(extra: tooDeep))
        == "c.json: not valid JSON at line 1, column \(30 + deepest): nested more than 512 levels deep")
    let objects = String(repeating: #"{"a":"#, count: deepest) + "1" + String(repeating: "}", count: deepest)
    #expect(Self.message(Self.catalog(extra: objects)) == "loaded")
  }

  @Test func nestingInsideAnItemCountsTheLevelsAroundIt() {
    // The top-level object, the items array and the item are three levels.
    let item = { (depth: Int) in
      let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      return #"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1, "x": \#(value)}]}"#
    }
    #expect(Self.message(item(JSONLimits.maximumNesting - 3)) == "loaded")
    #expect(Self.message(item(JSONLimits.maximumNesting - 2)).hasSuffix("nested more than 512 levels deep"))
  }

  @Test func nestingOf64AndMoreInsideAnItemIsAccepted() {
    let nested = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect(
      Self.message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1, "x": \#(nested)}]}"#)
        == "loaded")
  }

  @Test func repeatedKeysAreRefusedInTheObjectsTheShopReads() {
    #expect(
      Self.message(#"{"currency": "EUR", "currency": "EUR", "items": []}"#)
        == #"c.json: the key "currency" appears more than once (again at line 1, column 21)"#)
    #expect(
      Self.message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "name": "B", "price": 1}]}"#)
        == #"c.json: items[0] (id "a"): the key "name" appears more than once (again at line 1, column 56)"#)
    #expect(
      Self.message(
        #"{"currency": "EUR", "items": [{"id": "a", "x": 1, "name": "A", "\u0078": 2, "price": 1}]}"#)
        == #"c.json: items[0] (id "a"): the key "x" appears more than once (again at line 1, column 64)"#)
    // Inside a field nobody reads, keys are not kept, so a repeat is not looked for.
    #expect(Self.message(Self.catalog(extra: #"[{"k": 1, "k": 2}]"#)) == "loaded")
  }

  @Test func aRepeatedKeyIsRefusedEvenWhenTheFirstValueIsBad() {
    // Neither value is silently taken: the repeat itself is the problem.
    #expect(
      Self.message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": "x", "price": 1}]}"#)
        == #"c.json: items[0] (id "a"): the key "price" appears more than once (again at line 1, column 70)"#)
  }

  @Test func aRepeatedTopLevelKeyIsRefusedEvenWhenTheFirstValueHasTheWrongType() {
    // Issue 28, 8b: the wrong type of the first value hid the repeat.
    #expect(
      Self.message(#"{"currency": 5, "currency": "EUR", "items": []}"#)
        == #"c.json: the key "currency" appears more than once (again at line 1, column 17)"#)
    #expect(
      Self.message(#"{"currency": "EUR", "items": 5, "items": []}"#)
        == #"c.json: the key "items" appears more than once (again at line 1, column 33)"#)
    // With no repeat, the wrong type is the problem, and what follows it is only checked as JSON.
    #expect(
      Self.message(#"{"currency": 5, "items": [{"id": ""}]}"#)
        == #"c.json: field "currency": must be a string"#)
    #expect(
      Self.message(#"{"items": 5, "currency": "EURO"}"#) == #"c.json: field "items": must be an array"#)
  }

  @Test func aRepeatedItemsKeyIsRefusedBeforeItsItemsCount() {
    let item = #"{"id": "i", "name": "n", "price": 1}"#
    let json = #"{"currency": "EUR", "items": [\#(item)], "items": [\#(item)]}"#
    #expect(
      Self.message(json) == #"c.json: the key "items" appears more than once (again at line 1, column 70)"#)
  }

  @Test func invalidUTF8InANameNamesTheItemAndField() {
    let bytes: [UInt8] =
      Array(#"{"currency": "EUR", "items": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"#.utf8) + [
        0xC3, 0x28,
      ]
      + Array(#"", "price": 1}]}"#.utf8)
    #expect(Self.message(bytes) == #"c.json: items[0] (id "a"), field "price": is missing"#)
    let second: [UInt8] =
      Array(#"{"currency": "EUR", "items": [{"id": "b", "name": "B"#.utf8) + [0xFF]
      + Array(#"", "price": 1}]}"#.utf8)
    #expect(Self.message(second) == #"c.json: items[0] (id "b"), field "name": is not valid UTF-8"#)
  }

  @Test func invalidUTF8InAnIdIsRefusedWithoutRepeatingIt() {
    let bytes: [UInt8] =
      Array(#"{"currency": "EUR", "items": [{"id": "x"#.utf8) + [0xED, 0xA0, 0x80]
      + Array(#"", "name": "A", "price": 1}]}"#.utf8)
    #expect(Self.message(bytes) == #"c.json: items[0], field "id": is not valid UTF-8"#)
  }

  @Test func invalidUTF8OutsideTheKnownFieldsIsRefusedWithItsPosition() {
    let bytes: [UInt8] =
      Array(#"{"currency": "EUR", "note": ""#.utf8) + [0x80] + Array(#"", "items": []}"#.utf8)
    #expect(Self.message(bytes) == "c.json: not valid JSON at line 1, column 29: invalid UTF-8 in a string")
  }

  @Test func anUnpairedSurrogateInANameNamesTheItemAndField() {
    #expect(
      Self.message(#"{"currency": "EUR", "items": [{"id": "a", "name": "x\ud800y", "price": 1}]}"#)
        == #"c.json: items[0] (id "a"), field "name": contains \uD800, an unpaired surrogate (not a character)"#
    )
    #expect(
      Self.message(#"{"currency": "EUR", "items": [{"id": "a", "name": "\udc00", "price": 1}]}"#)
        == #"c.json: items[0] (id "a"), field "name": contains \uDC00, an unpaired surrogate (not a character)"#
    )
    #expect(
      Self.message(#"{"currency": "EUR", "items": [{"id": "a", "name": "\ud83c\u0041", "price": 1}]}"#)
        == #"c.json: items[0] (id "a"), field "name": contains \uD83C, an unpaired surrogate (not a character)"#
    )
    #expect(
      Self.message(#"{"currency": "EUR", "items": [{"id": "a", "name": "\ud83c\udf4e", "price": 1}]}"#)
        == "loaded")
  }

  @Test func anUnpairedSurrogateOutsideTheKnownFieldsIsRefusedWithItsPosition() {
    #expect(
      Self.message(Self.catalog(extra: #""\ud800""#))
        == #"c.json: not valid JSON at line 1, column 31: unpaired surrogate \uD800 in a string"#)
  }

  @Test func literalsMustBeSpelledOut() {
    #expect(
      Self.message(Self.catalog(extra: "tru"))
        == "c.json: not valid JSON at line 1, column 30: expected a value")
    #expect(
      Self.message(Self.catalog(extra: "nul"))
        == "c.json: not valid JSON at line 1, column 30: expected a value")
    #expect(
      Self.message(Self.catalog(extra: "truex"))
        == "c.json: not valid JSON at line 1, column 34: expected ',' or '}'")
  }

  @Test func unknownEscapesAndShortUnicodeEscapesAreRefused() {
    #expect(
      Self.message(Self.catalog(extra: #""\x41""#))
        == #"c.json: not valid JSON at line 1, column 31: unknown escape \x"#)
    #expect(
      Self.message(Self.catalog(extra: #""\u12G4""#))
        == #"c.json: not valid JSON at line 1, column 35: expected four hexadecimal digits after \u"#)
  }

  @Test func aHugeNumberAsAPriceIsQuotedOnlyInPart() {
    let digits = String(repeating: "9", count: 1_000_000)
    let message = Self.message(
      #"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": \#(digits)}]}"#)
    #expect(
      message
        == #"c.json: items[0] (id "a"), field "price": must be a whole number from 0 to 100000000, got "#
        + String(repeating: "9", count: UntrustedText.maximumQuotedLength) + "…")
  }
}

/// The parser matches the four keys the format knows on their bytes; the constants it compares with.
@Suite struct CatalogKeyBytesTests {
  private func littleEndian(_ text: String) -> UInt64 {
    text.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  @Test func theKnownKeysBytesAreTheKeysQuoted() {
    #expect(CatalogJSONParser.idKey == littleEndian(#""id""#))
    #expect(CatalogJSONParser.nameKey == littleEndian(#""name""#))
    #expect(CatalogJSONParser.priceKey == littleEndian(#""price""#))
    #expect(CatalogJSONParser.descriptionKeyStart == littleEndian(#""descrip"#))
    #expect(CatalogJSONParser.descriptionKeyEnd == littleEndian(#"tion""#))
    #expect("paper-bag".unicodeScalars.count == 9)
  }

  @Test func keysWrittenWithEscapesAreTheSameKeys() throws {
    let catalog = try Catalog.parse(
      Array(#"{"currency": "EUR", "items": [{"\u0069d": "a", "n\u0061me": "A", "pric\u0065": 1}]}"#.utf8),
      source: "c.json")
    #expect(catalog.items == [ShoppingItem(id: "a", name: "A", price: 1)])
  }

  /// After a character outside ASCII a string is scanned eight bytes at a time: whatever ends it, or
  /// must be seen in it, is found at every offset from that character.
  @Test func whatFollowsANonASCIICharacterIsFoundAtEveryOffset() throws {
    for offset in 0..<17 {
      let lead = "é" + String(repeating: "a", count: offset)
      let named = { (name: String) in
        Array(#"{"currency": "EUR", "items": [{"id": "x", "name": "\#(name)", "price": 1}]}"#.utf8)
      }
      let plain = try Catalog.parse(named(lead + "z"), source: "c.json")
      #expect(plain.items[0].name == lead + "z")
      let escaped = try Catalog.parse(named(lead + #"\"q\\"#), source: "c.json")
      #expect(escaped.items[0].name == lead + #""q\"#)
      let wide = try Catalog.parse(
        named(lead + "抹茶" + String(repeating: "b", count: offset)), source: "c.json")
      #expect(wide.items[0].name == lead + "抹茶" + String(repeating: "b", count: offset))
      var control = named(lead + "_")
      control[control.firstIndex(of: UInt8(ascii: "_"))!] = 0x01
      #expect(
        StrictCatalogJSONTests.message(control)
          == #"c.json: items[0] (id "x"), field "name": contains the control character U+0001"#)
      // Far enough from the closing quote that no word holds both.
      var key = Array(#"{"currency": "EUR", "\#(lead)_cccccccccccccccc": 1, "items": []}"#.utf8)
      key[key.firstIndex(of: UInt8(ascii: "_"))!] = 0x01
      #expect(
        StrictCatalogJSONTests.message(key)
          == "c.json: not valid JSON at line 1, column \(24 + offset): "
          + "the control character U+0001 is not escaped in a string")
      var delete = named(lead + "_")
      delete[delete.firstIndex(of: UInt8(ascii: "_"))!] = 0x7F
      #expect(
        StrictCatalogJSONTests.message(delete)
          == #"c.json: items[0] (id "x"), field "name": contains the control character U+007F"#)
    }
  }
}
