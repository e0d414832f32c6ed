import Testing

@testable import Shop

/// Each class of bad catalog gives one error naming the file, the item and the field.
@Suite struct BadCatalogTests {
  private func loadError(_ json: String) -> CatalogError? {
    let directory = TemporaryDirectory()
    let path = directory.write(json, to: "bad.json")
    let error = #expect(throws: CatalogError.self) { try Catalog.load(fromFile: path) }
    #expect(error?.source == path)
    return error
  }

  private func message(_ json: String) -> String {
    let directory = TemporaryDirectory()
    let path = directory.write(json, to: "bad.json")
    do {
      _ = try Catalog.load(fromFile: path)
      return "loaded"
    } catch {
      return error.description.replacingOccurrences(of: path, with: "bad.json")
    }
  }

  @Test func aMissingFileNamesTheFileAndTheSystemReason() {
    let error = #expect(throws: CatalogError.self) { try Catalog.load(fromFile: "/nonexistent/c.json") }
    #expect(error?.description == "/nonexistent/c.json: cannot read the catalog: No such file or directory")
  }

  @Test func badJSONNamesTheLineAndColumn() {
    #expect(
      message("{\"currency\": \"EUR\",\n \"items\": [}")
        == "bad.json: not valid JSON at line 2, column 12: expected a value")
    #expect(message("") == "bad.json: not valid JSON at line 1, column 1: the file is empty")
    #expect(
      message("{\"currency\": \"EUR\", \"items\": []} x")
        == "bad.json: not valid JSON at line 1, column 34: unexpected text after the catalog object")
  }

  @Test func aMissingFieldIsNamed() {
    #expect(message(#"{"items": []}"#) == #"bad.json: field "currency": is missing"#)
    #expect(message(#"{"currency": "EUR"}"#) == #"bad.json: field "items": is missing"#)
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A"}]}"#)
        == #"bad.json: items[0] (id "a"), field "price": is missing"#)
    #expect(
      message(#"{"currency": "EUR", "items": [{"name": "A", "price": 1}]}"#)
        == #"bad.json: items[0], field "id": is missing"#)
  }

  @Test func aFieldOfTheWrongTypeIsNamed() {
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": "1"}]}"#)
        == #"bad.json: items[0] (id "a"), field "price": must be a whole number"#)
    #expect(
      message(#"{"currency": "EUR", "items": {}}"#) == #"bad.json: field "items": must be an array"#)
    #expect(message(#"{"currency": "EUR", "items": [7]}"#) == "bad.json: items[0]: must be an object")
  }

  @Test func aDuplicateIdNamesBothItems() {
    let error = loadError(
      #"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1}, {"id": "b", "name": "B", "price": 1}, {"id": "a", "name": "A2", "price": 2}]}"#
    )
    #expect(error?.problem == .duplicateID(firstIndex: 0))
    #expect(error?.itemIndex == 2)
    #expect(
      error?.description.hasSuffix(#"items[2] (id "a"), field "id": duplicate id, already used by items[0]"#)
        == true)
  }

  @Test func anEmptyIdIsRefused() {
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "", "name": "A", "price": 1}]}"#)
        == #"bad.json: items[0], field "id": must not be empty"#)
  }

  @Test func anEmptyNameIsRefused() {
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "", "price": 1}]}"#)
        == #"bad.json: items[0] (id "a"), field "name": must not be empty"#)
  }

  @Test func aNameOfOnlySpacesOrInvisibleCharactersIsRefused() {
    // Issue 25 item 12: such names were accepted and drawn as blank rows.
    let blank =
      #"bad.json: items[0] (id "a"), field "name": "#
      + "must have a character that shows (it has only spaces or invisible characters)"
    for name in ["   ", #"\u200B"#, #" \u200B\u00A0\u3000 "#, #"\u2060\uFEFF"#] {
      #expect(
        message(#"{"currency": "EUR", "items": [{"id": "a", "name": "\#(name)", "price": 1}]}"#) == blank,
        "\(name)")
    }
    #expect(throws: CatalogError.self) {
      try Catalog(currency: "EUR", items: [ShoppingItem(id: "a", name: "\u{200B} ", price: 1)])
    }
    for name in [" A ", #"\u200BB"#, "抹茶", "é", #"\u00A0."#] {
      #expect(
        message(#"{"currency": "EUR", "items": [{"id": "a", "name": "\#(name)", "price": 1}]}"#) == "loaded",
        "\(name)")
    }
  }

  @Test func aNegativePriceIsRefused() {
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": -5}]}"#)
        == #"bad.json: items[0] (id "a"), field "price": must be a whole number from 0 to 100000000, got -5"#)
  }

  @Test func aTooLargeOrFractionalPriceIsRefused() {
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 100000001}]}"#)
        == #"bad.json: items[0] (id "a"), field "price": must be a whole number from 0 to 100000000, got 100000001"#
    )
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 99999999999999999999999}]}"#)
        .hasSuffix("got 99999999999999999999999"))
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1.5}]}"#).hasSuffix("got 1.5")
    )
  }

  @Test func controlCharactersAndEscapeSequencesInANameAreRefusedAndNotEchoed() {
    let escaped = message(#"{"currency": "EUR", "items": [{"id": "a", "name": "\u001b[2JRed", "price": 1}]}"#)
    #expect(escaped == #"bad.json: items[0] (id "a"), field "name": contains the control character U+001B"#)
    let raw = message(
      "{\"currency\": \"EUR\", \"items\": [{\"id\": \"a\", \"name\": \"Bell\u{07}\", \"price\": 1}]}")
    #expect(raw.hasSuffix("contains the control character U+0007"))
    let c1 = message(#"{"currency": "EUR", "items": [{"id": "a", "name": "CSI\u009b", "price": 1}]}"#)
    #expect(c1.hasSuffix("contains the control character U+009B"))
    let delete = message(#"{"currency": "EUR", "items": [{"id": "a", "name": "x\u007f", "price": 1}]}"#)
    #expect(delete.hasSuffix("contains the control character U+007F"))
    let inID = message(#"{"currency": "EUR", "items": [{"id": "a\u001b]0;x", "name": "A", "price": 1}]}"#)
    #expect(
      inID == #"bad.json: items[0] (id "a\u{1B}]0;x"), field "id": contains the control character U+001B"#)
    #expect(!inID.unicodeScalars.contains { $0.value == 0x1B })
  }

  @Test func tooManyItemsAreRefusedWithoutReadingTheRest() {
    var json = #"{"currency": "EUR", "items": ["#
    for index in 0...Catalog.maximumItemCount {
      json += #"{"id":"i\#(index)","name":"n","price":1},"#
    }
    json += "]}"
    #expect(message(json) == #"bad.json: field "items": more than 1000000 items"#)
  }

  @Test func theCurrencyMustBeThreeCapitalLetters() {
    #expect(
      message(#"{"currency": "euro", "items": []}"#)
        == #"bad.json: field "currency": must be three capital letters such as EUR, got "euro""#)
    #expect(message(#"{"currency": 1, "items": []}"#) == #"bad.json: field "currency": must be a string"#)
  }

  @Test func thePaperBagIdIsReserved() {
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "paper-bag", "name": "Bag", "price": 10}]}"#)
        == #"bad.json: items[0] (id "paper-bag"), field "id": the id "paper-bag" is reserved for the paper bag"#
    )
  }

  @Test func invalidUTF8IsRefused() {
    let bytes: [UInt8] =
      Array(#"{"currency": "EUR", "items": [{"id": "a", "name": ""#.utf8) + [0xFF]
      + Array(#"", "price": 1}]}"#.utf8)
    #expect(throws: CatalogError.self) { try Catalog.parse(bytes, source: "x") }
  }

  @Test func theCatalogInitializerAppliesTheSameRules() {
    #expect(throws: CatalogError.self) {
      try Catalog(currency: "EUR", items: [ShoppingItem(id: "a", name: "\u{1B}", price: 1)])
    }
  }
}
