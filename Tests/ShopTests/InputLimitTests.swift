import Foundation
import Testing

@testable import Shop

/// Every limit on input is enforced before the memory it guards is spent, with one clear line.
@Suite struct InputLimitTests {
  private func message(_ json: String) -> String {
    do {
      _ = try Catalog.parse(Array(json.utf8), source: "c.json")
      return "loaded"
    } catch {
      return error.description
    }
  }

  /// A file of `size` bytes that takes no disk space: its size is all a limit looks at first.
  private func sparseFile(size: Int, in directory: TemporaryDirectory, named name: String) -> String {
    let path = directory.file(name)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(descriptor >= 0)
    #expect(ftruncate(descriptor, off_t(size)) == 0)
    close(descriptor)
    return path
  }

  @Test func aCatalogLargerThanTheLimitIsRefusedBeforeItIsRead() {
    let directory = TemporaryDirectory()
    let path = sparseFile(size: Catalog.maximumFileSize + 1, in: directory, named: "huge.json")
    let error = #expect(throws: CatalogError.self) { try Catalog.load(fromFile: path) }
    #expect(
      error?.description
        == "\(path): cannot read the catalog: it is 268435457 bytes, more than the limit of 268435456 (256 MiB)"
    )
  }

  @Test func aStateFileLargerThanTheLimitIsMovedAsideUnread() throws {
    let directory = TemporaryDirectory()
    let path = sparseFile(size: StateStore.maximumFileSize + 1, in: directory, named: "state.json")
    let store = try StateStore(path: path)
    let result = try store.load(now: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(result.state == ShopState())
    #expect(
      result.notice
        == "state file \(path) is 67108865 bytes, more than the limit of 67108864 (64 MiB); moved it aside to"
        + " \(path).unreadable-20270115T080000Z and started with an empty basket")
    var status = stat()
    #expect(stat(path + ".unreadable-20270115T080000Z", &status) == 0 && Int(status.st_size) == 67_108_865)
  }

  @Test func idsAndNamesHaveALengthLimit() {
    let longestID = String(repeating: "i", count: Catalog.maximumIDLength)
    let longestName = String(repeating: "n", count: Catalog.maximumNameLength)
    #expect(
      message(
        #"{"currency": "EUR", "items": [{"id": "\#(longestID)", "name": "\#(longestName)", "price": 1}]}"#)
        == "loaded")
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "\#(longestName)x", "price": 1}]}"#)
        == #"c.json: items[0] (id "a"), field "name": must be at most 200 characters"#)
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "\#(longestID)x", "name": "N", "price": 1}]}"#)
        == #"c.json: items[0] (id "iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii…"), field "id": must be at most 100 characters"#
    )
  }

  @Test func aTenMegabyteNameGivesAShortError() {
    let huge = String(repeating: "x", count: 10_000_000)
    let line = message(#"{"currency": "EUR", "items": [{"id": "\#(huge)", "name": "\#(huge)", "price": 1}]}"#)
    #expect(line.utf8.count < 200)
    #expect(line.hasSuffix(#"field "id": must be at most 100 characters"#))
  }

  @Test func lengthsCountUnicodeScalarsNotBytes() {
    let wide = String(repeating: "抹", count: Catalog.maximumNameLength)
    #expect(
      message(#"{"currency": "EUR", "items": [{"id": "a", "name": "\#(wide)", "price": 1}]}"#) == "loaded")
  }
}
