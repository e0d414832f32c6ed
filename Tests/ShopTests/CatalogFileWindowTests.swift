import Foundation
import Testing

@testable import Shop

/// A catalog file is read in 1 MiB pieces: tokens that straddle two pieces, and errors far into the
/// file, come out exactly as when the same bytes are parsed in memory.
@Suite struct CatalogFileWindowTests {
  /// A catalog of several MiB whose names, numbers and escapes land at every offset of a piece.
  static func largeCatalog(itemCount: Int) -> String {
    var json = "{\"currency\": \"EUR\",\n\"items\": [\n"
    for index in 0..<itemCount {
      let name = "Item \(index) " + String(repeating: "ä", count: index % 37) + "\\u00e9\\ud83c\\udf4e"
      let extra =
        index % 5 == 0 ? #", "x": [1.5e3, {"k": "\#(String(repeating: "z", count: index % 90))"}]"# : ""
      json += #"{"id": "item-\#(index)", "name": "\#(name)", "price": \#(index % 9_973)\#(extra)}"#
      json += index + 1 == itemCount ? "\n" : ",\n"
    }
    return json + "]}\n"
  }

  @Test func aFileReadInPiecesGivesWhatTheSameBytesGiveInMemory() throws {
    let json = Self.largeCatalog(itemCount: 40_000)
    #expect(json.utf8.count > 3 * JSONFileWindow.pieceSize)
    let directory = TemporaryDirectory()
    let path = directory.write(json, to: "large.json")
    let fromFile = try Catalog.load(fromFile: path)
    let inMemory = try Catalog.parse(Array(json.utf8), source: path)
    #expect(fromFile.items == inMemory.items)
    #expect(fromFile.items.count == 40_000)
    #expect(fromFile.items[39_999].name == "Item 39999 " + String(repeating: "ä", count: 39_999 % 37) + "é🍎")
    #expect(fromFile.item(withID: "item-31337")?.price == 31_337 % 9_973)
  }

  @Test func anErrorFarIntoAFileHasTheLineAndColumnItHasInMemory() throws {
    var json = Self.largeCatalog(itemCount: 30_000)
    let marker = #""id": "item-29000""#
    json = json.replacingOccurrences(of: marker, with: #""id": "item-29000", "bad": 01"#)
    let directory = TemporaryDirectory()
    let path = directory.write(json, to: "large.json")
    let fromFile = #expect(throws: CatalogError.self) { try Catalog.load(fromFile: path) }
    let inMemory = #expect(throws: CatalogError.self) { try Catalog.parse(Array(json.utf8), source: path) }
    #expect(fromFile == inMemory)
    #expect(
      fromFile?.problem
        == .malformedJSON(line: 29_003, column: 29, detail: "a number must not start with 0 unless it is 0"))
  }

  @Test func aSingleStringLongerThanAPieceIsReadWhole() throws {
    let long = String(repeating: "abc", count: JSONFileWindow.pieceSize)
    let json = #"{"currency": "EUR", "note": "\#(long)", "items": [{"id": "a", "name": "A", "price": 1}]}"#
    let directory = TemporaryDirectory()
    let catalog = try Catalog.load(fromFile: directory.write(json, to: "long.json"))
    #expect(catalog.items.map(\.id) == ["a"])
  }
}
