import Foundation
import Testing

@testable import Shop

/// What a catalog or state file may hold, and where reading stops: keys per object and their length,
/// strings refused once past their limit (not read to their end), orders and lines in a state file,
/// and fields nobody reads skipped without keeping their keys or text.
@Suite struct ReadingLimitTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func catalogMessage(_ json: String) -> String {
    catalogMessage(Array(json.utf8))
  }

  private func catalogMessage(_ bytes: [UInt8]) -> String {
    do {
      _ = try Catalog.parse(bytes, source: "c.json")
      return "loaded"
    } catch {
      return error.description
    }
  }

  /// `count` unknown members, `"k0": 0, "k1": 0, ...`, each with a comma after it.
  private func unknownMembers(_ count: Int) -> String {
    (0..<count).map { #""k\#($0)": 0, "# }.joined()
  }

  // MARK: The catalog

  @Test func anItemHoldsAtMost64Keys() {
    // id, name and price, and 61 more: 64.
    #expect(
      catalogMessage(
        #"{"currency": "EUR", "items": [{\#(unknownMembers(61))"id": "a", "name": "A", "price": 1}]}"#)
        == "loaded")
    #expect(
      catalogMessage(
        #"{"currency": "EUR", "items": [{"id": "a", \#(unknownMembers(62))"name": "A", "price": 1}]}"#)
        == #"c.json: items[0] (id "a"): more than 64 keys in one object"#)
  }

  @Test func theCatalogsTopLevelHoldsAtMost64Keys() {
    #expect(catalogMessage(#"{\#(unknownMembers(62))"currency": "EUR", "items": []}"#) == "loaded")
    #expect(
      catalogMessage(#"{\#(unknownMembers(63))"currency": "EUR", "items": []}"#)
        == "c.json: more than 64 keys in one object")
  }

  @Test func aKeyInAnObjectTheShopReadsHoldsAtMost256Characters() {
    let longest = String(repeating: "é", count: JSONLimits.maximumKeyLength)
    #expect(
      catalogMessage(
        #"{"currency": "EUR", "items": [{"id": "a", "\#(longest)": 1, "name": "A", "price": 1}]}"#)
        == "loaded")
    #expect(
      catalogMessage(
        #"{"currency": "EUR", "items": [{"id": "a", "\#(longest)x": 1, "name": "A", "price": 1}]}"#)
        == #"c.json: items[0] (id "a"): a key is longer than 256 characters: "\#(String(repeating: "é", count: 40))…""#
    )
    #expect(
      catalogMessage(#"{"\#(longest)\u0078": 1, "currency": "EUR", "items": []}"#)
        == #"c.json: a key is longer than 256 characters: "\#(String(repeating: "é", count: 40))…""#)
  }

  @Test func aStringPastItsLimitIsRefusedWithoutReadingTheRestOfIt() {
    // The description never ends: it is refused as too long, not as unterminated, so reading stopped
    // at its limit.
    let endless = #"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1, "description": ""#
    #expect(
      catalogMessage(endless + String(repeating: "d", count: 5_000))
        == #"c.json: items[0] (id "a"), field "description": must be at most 2000 characters"#)
    // The same with escapes and characters of several bytes.
    #expect(
      catalogMessage(endless + String(repeating: #"\u00e9抹"#, count: 1_001))
        == #"c.json: items[0] (id "a"), field "description": must be at most 2000 characters"#)
    let name = #"{"currency": "EUR", "items": [{"id": "a", "name": ""# + String(repeating: "🍎", count: 201)
    #expect(
      catalogMessage(name) == #"c.json: items[0] (id "a"), field "name": must be at most 200 characters"#)
    // What was read of it is still checked first.
    #expect(
      catalogMessage(
        #"{"currency": "EUR", "items": [{"id": "a", "name": "\u0007"# + String(repeating: "n", count: 300))
        == #"c.json: items[0] (id "a"), field "name": contains the control character U+0007"#)
  }

  @Test func anIDPastItsLimitIsQuotedFromItsStart() {
    let json = #"{"currency": "EUR", "items": [{"id": ""# + String(repeating: "i", count: 150)
    #expect(
      catalogMessage(json)
        == #"c.json: items[0] (id "iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii…"), field "id": must be at most 100 characters"#
    )
  }

  @Test func aLongCurrencyIsQuotedAsFarAsAnErrorShowsIt() {
    let json = #"{"currency": ""# + String(repeating: "E", count: 10_000) + #"", "items": []}"#
    #expect(
      catalogMessage(json)
        == #"c.json: field "currency": must be three capital letters such as EUR, got "\#(String(repeating: "E", count: 40))…""#
    )
  }

  @Test func aRepeatedKeyInsideAFieldNobodyReadsIsNotLookedFor() {
    // Finding it would mean keeping every key of every unknown object; which value wins is moot.
    #expect(
      catalogMessage(
        #"{"currency": "EUR", "x": {"k": 1, "k": 2}, "items": [{"id": "a", "name": "A", "price": 1, "y": [{"k": 1, "k": 2}]}]}"#
      )
        == "loaded")
  }

  @Test func aSkippedStringIsCheckedAsStrictlyAsARead() {
    let start = #"{"currency": "EUR", "items": [], "x": ""#
    #expect(
      catalogMessage(Array((start + "ok").utf8) + [0xC3, 0x28] + Array(#"", "y": 1}"#.utf8))
        == "c.json: not valid JSON at line 1, column 39: invalid UTF-8 in a string")
    #expect(
      catalogMessage(start + #"\ud800 x"}"#)
        == #"c.json: not valid JSON at line 1, column 40: unpaired surrogate \uD800 in a string"#)
    #expect(
      catalogMessage(start + "a\u{01}\"}")
        == "c.json: not valid JSON at line 1, column 41: the control character U+0001 is not escaped in a string"
    )
    #expect(catalogMessage(start + #"\ud83c\udf4e 🍎 \" \\ \/ \b\f\n\r\t"}"#) == "loaded")
    // Cut short by the end of the input, even inside a character.
    #expect(
      catalogMessage(Array(start.utf8) + [0xF0, 0x9F])
        == "c.json: not valid JSON at line 1, column 42: unterminated string")
  }

  @Test func aSkippedStringFarIntoAFileIsPlacedAsInMemory() throws {
    // Bad UTF-8 at the end of a 3 MiB unknown string: its start has long left the file's window.
    let json: [UInt8] =
      Array("{\"currency\": \"EUR\",\n\"items\": [],\n \"x\": \"".utf8)
      + Array(repeating: UInt8(ascii: "z"), count: 3 << 20) + [0xFF] + Array("\"}\n".utf8)
    let directory = TemporaryDirectory()
    let path = directory.file("c.json")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(json)))
    let fromFile = #expect(throws: CatalogError.self) { try Catalog.load(fromFile: path) }
    #expect(fromFile?.description == "\(path): not valid JSON at line 3, column 7: invalid UTF-8 in a string")
    #expect(catalogMessage(json) == "c.json: not valid JSON at line 3, column 7: invalid UTF-8 in a string")
  }

  @Test func aNumberOfAnyLengthInAFieldNobodyReadsIsCheckedAndSkipped() throws {
    let start = #"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1, "x": -1"#
    let digits = String(repeating: "0", count: 3 << 20)
    let directory = TemporaryDirectory()
    let good = directory.write(start + digits + ".5e+7}]}", to: "good.json")
    #expect(try Catalog.load(fromFile: good).items.count == 1)
    // Its errors are placed as before, however far into it they are.
    let bad = directory.write(start + digits + ".5e+7.}]}", to: "bad.json")
    let error = #expect(throws: CatalogError.self) { try Catalog.load(fromFile: bad) }
    let column = start.utf8.count + digits.utf8.count + 6
    #expect(
      error?.description
        == "\(bad): not valid JSON at line 1, column \(column): unexpected character in a number")
  }

  @Test func aHugeDescriptionInAFileIsRefusedAtItsLimit() throws {
    let json =
      #"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1, "description": ""#
      + String(repeating: "d", count: 5 << 20) + #""}]}"#
    let directory = TemporaryDirectory()
    let path = directory.write(json, to: "c.json")
    let error = #expect(throws: CatalogError.self) { try Catalog.load(fromFile: path) }
    #expect(
      error?.description
        == #"\#(path): items[0] (id "a"), field "description": must be at most 2000 characters"#)
  }

  // MARK: The state file

  private func stateFile(basket: String = "", orders: String = "", extra: String = "") -> String {
    #"{"version": 1, \#(extra)"basket": [\#(basket)], "orders": [\#(orders)]}"#
  }

  private func lines(_ count: Int, prefix: String = "i") -> String {
    (0..<count).map { #"{"id": "\#(prefix)\#($0)", "name": "N", "price": 1, "quantity": 1}"# }
      .joined(separator: ",")
  }

  private func orders(_ count: Int, lines lineCount: Int = 1) -> String {
    (0..<count).map { #"{"placedAt": \#(1_700_000_000 + $0), "items": [\#(lines(lineCount))]}"# }
      .joined(separator: ",")
  }

  private func stateReason(_ text: String) -> String {
    switch StateFileReader.read(Array(text.utf8)) {
    case .success: return "read"
    case .failure(let problem): return problem.description
    }
  }

  @Test func aStateFileHoldsAtMost100Orders() {
    #expect(stateReason(stateFile(orders: orders(ShopState.orderHistoryLimit))) == "read")
    #expect(
      stateReason(stateFile(orders: orders(ShopState.orderHistoryLimit + 1)))
        == "is past the shop's limits (more than 100 orders)")
  }

  @Test func aBasketOrAnOrderHoldsAtMost10000Lines() {
    #expect(stateReason(stateFile(basket: lines(Basket.maximumLineCount))) == "read")
    #expect(
      stateReason(stateFile(basket: lines(Basket.maximumLineCount + 1)))
        == "is past the shop's limits (the basket has more than 10000 lines)")
    #expect(stateReason(stateFile(orders: orders(2, lines: Basket.maximumLineCount))) == "read")
    #expect(
      stateReason(stateFile(orders: orders(1) + "," + orders(1, lines: Basket.maximumLineCount + 1)))
        == "is past the shop's limits (orders[1] has more than 10000 lines)")
  }

  @Test func aNewerVersionIsReportedAsNewerWhateverLimitsItPasses() {
    let file = #"{"basket": [\#(lines(Basket.maximumLineCount + 1))], "orders": [], "version": 2}"#
    #expect(stateReason(file) == "has version 2, newer than this shop understands (1)")
  }

  @Test func aStateFilesObjectsHoldAtMost64Keys() {
    #expect(stateReason(stateFile(extra: unknownMembers(61))) == "read")
    #expect(
      stateReason(stateFile(extra: unknownMembers(62)))
        == "is past the shop's limits (more than 64 keys in one object at top level)")
    let line = #"{"id": "a", "name": "A", "price": 1, \#(unknownMembers(61))"quantity": 1}"#
    #expect(
      stateReason(stateFile(basket: line))
        == "is past the shop's limits (more than 64 keys in one object at basket[0])")
    let long = String(repeating: "k", count: JSONLimits.maximumKeyLength + 1)
    #expect(
      stateReason(stateFile(orders: #"{"placedAt": 1, "items": [], "\#(long)": 1}"#))
        == "is past the shop's limits (a key at orders[0] is longer than 256 characters: \"\(String(long.prefix(40)))…\")"
    )
  }

  @Test func aStateFileStringPastItsLimitStopsTheRead() {
    let endless = #"{"version": 1, "basket": [{"id": ""# + String(repeating: "i", count: 500)
    #expect(
      stateReason(endless)
        == "is past the shop's limits (basket[0].id is longer than 100 characters: \"\(String(repeating: "i", count: 40))…\")"
    )
  }

  @Test func unknownStateFileFieldsAreSkippedWithoutTheirKeys() {
    let skipped = #""x": {"k": [[], [], {}], "k": "\u00e9", "deep": [[[{"a": null}]]]}, "#
    #expect(stateReason(stateFile(basket: lines(2), extra: skipped)) == "read")
    // Still checked as JSON.
    #expect(stateReason(stateFile(extra: #""x": [01], "#)) == "is not valid JSON")
    #expect(stateReason(stateFile(extra: #""x": {"k" 1}, "#)) == "is not valid JSON")
  }

  @Test func theStateFilesShapeIsReportedAsJSONDecoderWouldHaveIt() {
    #expect(
      stateReason(#"{"version": 1, "orders": [{"items": [], "placedAt": "x"}], "basket": [{"id": 1}]}"#)
        == "is not in the shop state format (wrong type at .basket[0].id)")
    #expect(
      stateReason(#"{"version": 1, "basket": [{"price": 1, "quantity": 1, "id": "a"}], "orders": []}"#)
        == #"is not in the shop state format (missing "name" at .basket[0])"#)
    #expect(
      stateReason(#"{"version": 1, "basket": [], "orders": [{"items": [7], "placedAt": 0}]}"#)
        == "is not in the shop state format (wrong type at .orders[0].items[0])")
    #expect(
      stateReason(#"{"version": 1, "basket": [], "orders": [{"items": []}]}"#)
        == #"is not in the shop state format (missing "placedAt" at .orders[0])"#)
    #expect(
      stateReason(#"{"version": 1, "basket": null, "orders": []}"#)
        == "is not in the shop state format (wrong type at .basket)")
    #expect(
      stateReason(#"{"version": "1", "basket": [], "orders": []}"#)
        == #"is not in the shop state format (no integer "version")"#)
    #expect(
      stateReason(
        #"{"version": 1.0, "basket": [{"id": "a", "name": "A", "price": 2e2, "quantity": 1}], "orders": []}"#)
        == "read")
  }

  @Test func aLargeStateFileIsReadInPiecesAsInMemory() throws {
    // Over 2 MiB: read through the file's window, tokens straddling its pieces.
    let text = stateFile(
      basket: lines(Basket.maximumLineCount, prefix: "basket-line-"), orders: orders(100, lines: 400))
    #expect(text.utf8.count > 2 * JSONFileWindow.pieceSize)
    let directory = TemporaryDirectory()
    let path = directory.write(text, to: "state.json")
    let result = try StateStore(path: path).load(now: now)
    #expect(result.notice == nil)
    #expect(.success(result.state) == StateFileReader.read(Array(text.utf8)))
    #expect(result.state.basket.lines.count == Basket.maximumLineCount)
    #expect(result.state.orders.count == 100)
    #expect(result.state.orders[99].items.count == 400)
  }

  @Test func aLargeStateFilePastALimitIsMovedAsideAndReported() throws {
    let text = stateFile(orders: orders(ShopState.orderHistoryLimit + 1, lines: 100))
    let directory = TemporaryDirectory()
    let path = directory.write(text, to: "state.json")
    let result = try StateStore(path: path).load(now: now)
    #expect(result.state == ShopState())
    #expect(
      result.notice
        == "state file \(path) is past the shop's limits (more than 100 orders); moved it aside to"
        + " \(path).unreadable-20270115T080000Z and started with an empty basket")
    #expect(directory.contents(of: "state.json.unreadable-20270115T080000Z") == text)
  }
}
