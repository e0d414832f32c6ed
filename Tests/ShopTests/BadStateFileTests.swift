import Foundation
import Testing

@testable import Shop

/// Each class of unreadable state file is moved aside, kept byte for byte, and reported in one line.
@Suite struct BadStateFileTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)
  private let asideName = "state.json.unreadable-20270115T080000Z"

  private func loadBadFile(_ text: String) throws -> (StateLoadResult, TemporaryDirectory) {
    let directory = TemporaryDirectory()
    let path = directory.write(text, to: "state.json")
    let store = try StateStore(path: path)
    let result = try store.load(now: now)
    #expect(result.state == ShopState())
    #expect(result.movedAsidePath == directory.file(asideName))
    #expect(directory.contents(of: asideName) == text)
    #expect(directory.contents(of: "state.json") == nil)
    return (result, directory)
  }

  private func expectedNotice(_ directory: TemporaryDirectory, _ problem: String) -> String {
    "state file \(directory.file("state.json")) \(problem); moved it aside to \(directory.file(asideName))"
      + " and started with an empty basket"
  }

  @Test func corruptJSONIsMovedAsideAndReported() throws {
    let (result, directory) = try loadBadFile(#"{"version": 1, "basket": ["#)
    #expect(result.notice == expectedNotice(directory, "is not valid JSON"))
  }

  @Test func aNewerVersionIsMovedAsideAndReported() throws {
    let (result, directory) = try loadBadFile(#"{"version": 2, "basket": [], "orders": [], "future": true}"#)
    #expect(
      result.notice == expectedNotice(directory, "has version 2, newer than this shop understands (1)"))
  }

  @Test func theWrongShapeIsMovedAsideAndReported() throws {
    let (noVersion, first) = try loadBadFile(#"[1, 2, 3]"#)
    #expect(
      noVersion.notice == expectedNotice(first, #"is not in the shop state format (no integer "version")"#))
    let (missing, second) = try loadBadFile(#"{"version": 1, "orders": []}"#)
    #expect(
      missing.notice
        == expectedNotice(second, #"is not in the shop state format (missing "basket" at top level)"#))
    let (negative, third) = try loadBadFile(
      #"{"version": 1, "orders": [], "basket": [{"id": "a", "name": "A", "price": 1, "quantity": -2}]}"#)
    #expect(
      negative.notice
        == expectedNotice(third, "is not in the shop state format (basket[0] has quantity -2 out of range)"))
    let (control, _) = try loadBadFile(
      #"{"version": 1, "orders": [], "basket": [{"id": "a", "name": "\u001b[31m", "price": 1, "quantity": 1}]}"#
    )
    #expect(control.notice?.contains("basket[0].name contains the control character U+001B") == true)
  }

  @Test func aSecondMoveAsideInTheSameSecondGetsItsOwnName() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    let store = try StateStore(path: path)
    _ = directory.write("one", to: "state.json")
    _ = try store.load(now: now)
    _ = directory.write("two", to: "state.json")
    let second = try store.load(now: now)
    #expect(second.movedAsidePath == path + ".unreadable-20270115T080000Z-2")
    #expect(directory.contents(of: asideName) == "one")
    #expect(directory.contents(of: asideName + "-2") == "two")
    store.save(ShopState())
    try store.flush()
    #expect(directory.contents(of: asideName) == "one")
  }
}
