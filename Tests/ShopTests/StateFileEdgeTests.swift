import Foundation
import Reactive
import Testing

@testable import Shop

private let now = Date(timeIntervalSince1970: 1_800_000_000)

/// What happens at the state file's edges: a save its next start would refuse, and a lock file that
/// someone removed while the app ran.
@Suite struct StateFileEdgeTests {
  /// A state of `lines` basket lines with long names: about 200 bytes a line once encoded.
  private func bigState(lines: Int) throws -> ShopState {
    var state = ShopState()
    for index in 0..<lines {
      let name = "Item \(index) " + String(repeating: "n", count: 150)
      try state.basket.add(ShoppingItem(id: "item-\(index)", name: name, price: 100 + index))
    }
    return state
  }

  @Test func aSaveLargerThanTheReadLimitIsRefusedAndTheLastGoodFileKept() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    let store = try StateStore(path: path, maximumSize: 4_096)
    let small = try bigState(lines: 2)
    try store.saveNow(small)
    let before = directory.contents(of: "state.json")
    let error = #expect(throws: StateFileError.self) { try store.saveNow(try bigState(lines: 40)) }
    let message = error?.description ?? ""
    #expect(message.hasPrefix("cannot write state file \(path): the basket and orders take "), "\(message)")
    #expect(message.contains("bytes, more than the 4096 (4 KiB) the next start would read"), "\(message)")
    #expect(directory.contents(of: "state.json") == before)
    #expect(try store.load(now: now).state == small)
  }

  @Test func aBackgroundSaveOverTheLimitIsToldAsAFailure() throws {
    let directory = TemporaryDirectory()
    let store = try StateStore(path: directory.file("state.json"), maximumSize: 4_096)
    let outcome = Locked<String?>(nil)
    store.save(try bigState(lines: 40)) { result in
      if case .failure(let error) = result { outcome.withLock { $0 = error.description } }
    }
    #expect(throws: StateFileError.self) { try store.flush() }
    #expect(outcome.withLock { $0 }?.contains("the next start would read") == true)
    #expect(directory.names() == ["state.json.lock"])
  }

  @Test func aFileReadWithinTheLimitIsNotWrittenBackLarger() throws {
    let directory = TemporaryDirectory()
    let state = try bigState(lines: 30)
    // The file as another program would write it: compact, keys in any order.
    let lines = state.basket.lines.map {
      #"{"quantity":1,"id":"\#($0.id)","price":\#($0.price),"name":"\#($0.name)"}"#
    }
    let original = #"{"version":1,"orders":[],"basket":["# + lines.joined(separator: ",") + "]}"
    let path = directory.write(original, to: "state.json")
    let store = try StateStore(path: path, maximumSize: original.utf8.count)
    let loaded = try store.load(now: now)
    #expect(loaded.notice == nil)
    try store.saveNow(loaded.state)
    let saved = try #require(directory.contents(of: "state.json"))
    #expect(saved.utf8.count <= original.utf8.count)
    #expect(try store.load(now: now).state == state)
  }

  @Test func aRemovedAndRecreatedDirectoryStopsTheSavesSoTwoStoresNeverWriteOneFile() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("shop/state.json")
    let first = try StateStore(path: path)
    try first.saveNow(try bigState(lines: 1))
    try FileManager.default.removeItem(atPath: directory.file("shop"))
    try FileManager.default.createDirectory(
      atPath: directory.file("shop"), withIntermediateDirectories: false)
    // A second shop starts on the same path and takes a new lock file: its change must stay.
    let second = try StateStore(path: path)
    let secondState = try bigState(lines: 3)
    try second.saveNow(secondState)
    let error = #expect(throws: StateFileError.self) { try first.saveNow(try bigState(lines: 2)) }
    #expect(
      error?.description
        == "cannot write state file \(path): its lock file \(path).lock was replaced while shop ran,"
        + " so another shop may be using the file; not saving (quit and start again to save)")
    #expect(try second.load(now: now).state == secondState)
    first.save(try bigState(lines: 5))
    #expect(throws: StateFileError.self) { try first.flush() }
    #expect(try second.load(now: now).state == secondState)
  }

  @Test func aLockFileReplacedByAnotherIsNoticedToo() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    let store = try StateStore(path: path)
    try FileManager.default.removeItem(atPath: path + ".lock")
    _ = directory.write("", to: "state.json.lock")
    let error = #expect(throws: StateFileError.self) { try store.saveNow(ShopState()) }
    #expect(error?.description.contains("its lock file \(path).lock was replaced while shop ran") == true)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aRemovedLockFileIsLockedAnewSoSavesGoOnAndASecondStoreIsStillRefused() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("shop/state.json")
    let store = try StateStore(path: path)
    try FileManager.default.removeItem(atPath: directory.file("shop"))
    try FileManager.default.createDirectory(
      atPath: directory.file("shop"), withIntermediateDirectories: false)
    let state = try bigState(lines: 2)
    try store.saveNow(state)
    #expect(throws: StateFileError.inUse(path: path, lockPath: path + ".lock")) { try StateStore(path: path) }
    #expect(try store.load(now: now).state == state)
  }
}
