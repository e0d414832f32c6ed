import Foundation
import Testing

@testable import Shop

/// A large catalog file is read on two cores, the second from a guessed item in the middle: whatever
/// the file holds, the catalog, or the error, is the one a single pass over the same bytes gives.
@Suite struct CatalogSecondHalfTests {
  /// `count` items, one per line; items whose index `described` accepts have a description.
  static func catalog(count: Int, described: (Int) -> Bool = { $0 % 3 == 0 }, after: String = "") -> String {
    var json = "{\"currency\": \"EUR\", \"items\": [\n"
    for index in 0..<count {
      let description = described(index) ? #", "description": "About item \#(index) é""# : ""
      json +=
        #"{"id": "item-\#(index)", "name": "Item \#(index) ä", "price": \#(index % 997)\#(description)}"#
      json += index + 1 == count ? "\n" : ",\n"
    }
    return json + "]" + after + "}\n"
  }

  /// Loads `json` from a file with two cores at any size, and parses it in memory in one pass.
  static func bothWays(_ json: String) -> (
    file: Result<(catalog: Catalog, usedSecondCore: Bool), CatalogError>,
    memory: Result<Catalog, CatalogError>
  ) {
    let directory = TemporaryDirectory()
    let path = directory.write(json, to: "catalog.json")
    let file = Result { () throws(CatalogError) in try Catalog.load(fromFile: path, twoCoresFrom: 0) }
    let memory = Result { () throws(CatalogError) in try Catalog.parse(Array(json.utf8), source: path) }
    return (file, memory)
  }

  static func descriptions(_ catalog: Catalog) -> [String?] {
    catalog.items.indices.map(catalog.description(ofItemAt:))
  }

  /// Which items of a test catalog have a description.
  enum Described: CaseIterable, Sendable {
    case everyThird, firstHalfOnly, secondHalfOnly, none

    func contains(_ index: Int) -> Bool {
      switch self {
      case .everyThird: return index % 3 == 0
      case .firstHalfOnly: return index < 500 && index % 2 == 0
      case .secondHalfOnly: return index > 1_500
      case .none: return false
      }
    }
  }

  @Test(arguments: Described.allCases)
  func bothHalvesTogetherAreTheCatalogOnePassReads(_ described: Described) throws {
    let (file, memory) = Self.bothWays(Self.catalog(count: 2_000, described: described.contains))
    let loaded = try file.get()
    let parsed = try memory.get()
    #expect(loaded.usedSecondCore, "the second core's items were not used")
    #expect(loaded.catalog == parsed)
    #expect(loaded.catalog.items.count == 2_000)
    #expect(Self.descriptions(loaded.catalog) == Self.descriptions(parsed))
    #expect(loaded.catalog.item(withID: "item-1999")?.name == "Item 1999 ä")
    let misplaced = (0..<2_000).filter { (position: Int) in
      loaded.catalog.position(ofItemWithID: "item-\(position)") != position
    }
    #expect(misplaced.isEmpty)
    #expect(!loaded.catalog.hasItem(withID: "item-2000"))
  }

  /// Each line is a change to the 2,000-item catalog in its second half (item 1,500 or after it).
  @Test(arguments: [
    (#""id": "item-1500""#, #""id": "item-7""#),
    (#""price": \#(1_600 % 997)"#, #""price": 01"#),
    (#""id": "item-1700""#, #""id": "item-1700", "id": "again""#),
    (#""name": "Item 1800 ä", "#, ""),
    (#""price": \#(1_900 % 997)"#, #""price": "free""#),
    ("\n]}\n", "\n]} trailing\n"),
    ("\n]}\n", "\n]"),
    ("\n]}\n", "\n], \"currency\": \"USD\"}\n"),
    ("\n]}\n", "\n], \"items\": []}\n"),
    ("{\"id\": \"item-1999\"", "{\"id\": \"item-1999\" \"x\""),
  ])
  func anErrorInTheSecondHalfIsTheErrorOnePassFinds(_ original: String, _ replacement: String) throws {
    let json = Self.catalog(count: 2_000).replacingOccurrences(of: original, with: replacement)
    #expect(json != Self.catalog(count: 2_000), "the change \(original) was not made")
    let (file, memory) = Self.bothWays(json)
    let fromFile = #expect(throws: CatalogError.self) { try file.get() }
    let inMemory = #expect(throws: CatalogError.self) { try memory.get() }
    #expect(fromFile == inMemory)
    #expect(fromFile != nil)
  }

  @Test func invalidUTF8InTheSecondHalfIsNamedAsOnePassNamesIt() throws {
    var bytes = Array(Self.catalog(count: 2_000).utf8)
    let name = Array(#""name": "Item 1750 ä""#.utf8)
    let at = try #require(bytes.firstRange(of: name))
    bytes[at.upperBound - 2] = 0xFF
    let directory = TemporaryDirectory()
    let path = directory.file("catalog.json")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let fromFile = #expect(throws: CatalogError.self) { try Catalog.load(fromFile: path, twoCoresFrom: 0) }
    let inMemory = #expect(throws: CatalogError.self) { try Catalog.parse(bytes, source: path) }
    #expect(fromFile == inMemory)
    #expect(fromFile?.itemIndex == 1_750)
  }

  @Test func aGuessInsideAnItemsUnknownFieldIsDroppedAndTheCatalogReadInOnePass() throws {
    // The middle of the file falls inside one item's list of look-alike items, one per line.
    let lookAlikes = (0..<2_000).map { #"{"id": "v\#($0)", "name": "V", "price": 1}"# }
    let json =
      #"{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 1, "variants": ["#
      + "\n" + lookAlikes.joined(separator: ",\n")
      + "\n]}, {\"id\": \"b\", \"name\": \"B\", \"price\": 2}]}\n"
    let (file, memory) = Self.bothWays(json)
    let loaded = try file.get()
    #expect(!loaded.usedSecondCore)
    #expect(loaded.catalog == (try memory.get()))
    #expect(loaded.catalog.items.map(\.id) == ["a", "b"])
  }

  @Test func aGuessAfterTheItemsArrayIsDropped() throws {
    let meta = (0..<2_000).map { #"{"note": \#($0)}"# }.joined(separator: ",\n")
    let json = Self.catalog(count: 50).replacingOccurrences(
      of: "\n]}\n", with: "\n], \"meta\": [\n\(meta)\n]}\n")
    let (file, memory) = Self.bothWays(json)
    let loaded = try file.get()
    #expect(!loaded.usedSecondCore)
    #expect(loaded.catalog == (try memory.get()))
  }

  @Test func aCatalogOnOneLineIsReadInOnePass() throws {
    let json = Self.catalog(count: 2_000).replacingOccurrences(of: ",\n", with: ", ")
    let (file, memory) = Self.bothWays(json)
    let loaded = try file.get()
    #expect(!loaded.usedSecondCore)
    #expect(loaded.catalog == (try memory.get()))
  }

  @Test func aSecondHalfWithMoreItemsThanTheFirstHasRoomForIsNotTaken() throws {
    let directory = TemporaryDirectory()
    let path = directory.write(Self.catalog(count: 2_000), to: "catalog.json")
    let file = try RegularFile(path: path, maximumSize: Catalog.maximumFileSize)
    let halves = (0..<3).map { _ in CatalogSecondHalf.begin(reading: file, source: path, minimumSize: 0) }
    let count = halves[0]?.take(fitting: .max)?.contents.items.count ?? 0
    #expect((900..<1_100).contains(count))
    #expect(halves[1]?.take(fitting: count - 1) == nil)
    #expect(halves[1]?.wasTaken == false)
    #expect(halves[2]?.take(fitting: count)?.contents.items.count == count)
    #expect(halves[2]?.wasTaken == true)
  }

  @Test func smallFilesAreReadOnOneCore() throws {
    let directory = TemporaryDirectory()
    let path = directory.write(Self.catalog(count: 2_000), to: "catalog.json")
    #expect(
      !(try Catalog.load(fromFile: path, twoCoresFrom: CatalogSecondHalf.minimumFileSize).usedSecondCore))
  }

  @Test(.timeLimit(FuzzRun.timeLimit))
  func mutatedCatalogsReadOnTwoCoresGiveWhatOnePassGives() {
    let directory = TemporaryDirectory()
    let path = directory.file("fuzz.json")
    let run = FuzzRun(defaultIterations: 1_000, baseSeed: 0xCA7A_2000)
    var split = 0
    run.forEachSeed { _, random in
      // Longer than the fuzzer's own catalogs, so the middle falls among items more often.
      let items = (0..<Int.random(in: 0...40, using: &random)).map {
        #"{"id": "i\#($0)", "name": "N", "price": 1}"#
      }
      let valid = Array(
        CatalogFuzzTests.validCatalog(using: &random).replacingOccurrences(
          of: #""items": ["#, with: #""items": [\#(items.map { $0 + ",\n " }.joined())"#
        ).utf8)
      let mutated = FuzzMutation.mutate(valid, using: &random)
      guard FileManager.default.createFile(atPath: path, contents: Data(mutated)) else {
        return "cannot write"
      }
      let file = Result { () throws(CatalogError) in try Catalog.load(fromFile: path, twoCoresFrom: 0) }
      let memory = Result { () throws(CatalogError) in try Catalog.parse(mutated, source: path) }
      switch (file, memory) {
      case (.success(let loaded), .success(let parsed)):
        if loaded.usedSecondCore { split += 1 }
        guard loaded.catalog == parsed, Self.descriptions(loaded.catalog) == Self.descriptions(parsed) else {
          return "two cores read another catalog from "
            + String(decoding: mutated, as: UTF8.self).debugDescription
        }
      case (.failure(let fromFile), .failure(let inMemory)):
        guard fromFile == inMemory else {
          return "two cores: \(fromFile), one pass: \(inMemory)"
        }
      default:
        return "two cores: \(file), one pass: \(memory)"
      }
      return nil
    }
    print("catalog fuzz on two cores: \(run.iterations) inputs, \(split) read with both")
    #expect(run.iterations < 50 || split > 0)
  }
}
