import Dispatch
import Foundation
import Testing

@testable import Shop

/// The app learns how every background write went, and a checkout can be written durably at once.
/// A failed write never loses the last good file.
@Suite struct StateSaveResultTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// Every result a save reported, in order, and whether it came on the store's queue.
  private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    private let key = DispatchSpecificKey<String>()

    init(watching store: StateStore) {
      store.queue.setSpecific(key: key, value: "shop.state-file")
    }

    var all: [String] { lock.withLock { stored } }

    func record(_ result: Result<Void, StateFileError>) {
      let queue = DispatchQueue.getSpecific(key: key) ?? "another queue"
      let text: String
      switch result {
      case .success: text = "saved on \(queue)"
      case .failure(let error): text = "failed on \(queue): \(error)"
      }
      lock.withLock { stored.append(text) }
    }
  }

  @Test func everySaveIsToldItsOutcomeOnTheStoresQueue() throws {
    let directory = TemporaryDirectory()
    let store = try StateStore(path: directory.file("state.json"))
    let results = Results(watching: store)
    var state = ShopState()
    for _ in 0..<50 {
      try state.basket.add(.paperBag())
      store.save(state) { results.record($0) }
    }
    try store.flush()
    #expect(results.all == Array(repeating: "saved on shop.state-file", count: 50))
    #expect(try store.load(now: now).state == state)
  }

  @Test func aSaveIntoARemovedDirectoryFailsWithPathAndReasonAndTheOldFileStaysIntact() throws {
    let directory = TemporaryDirectory()
    let folder = directory.file("shop")
    let path = folder + "/state.json"
    let store = try StateStore(path: path)
    try store.saveNow(try sampleState())
    let good = directory.contents(of: "shop/state.json")
    // The directory goes away under the running shop (moved, here, to keep its file to compare).
    try FileManager.default.moveItem(atPath: folder, toPath: directory.file("moved"))
    let results = Results(watching: store)
    var changed = try sampleState()
    try changed.basket.add(.paperBag())
    store.save(changed) { results.record($0) }
    try? store.flush()
    #expect(
      results.all.map {
        $0.replacingOccurrences(of: #"tmp-[0-9-]+"#, with: "tmp-N", options: .regularExpression)
      }
        == [
          "failed on shop.state-file: cannot write state file \(path): create \(path).tmp-N: No such file or directory"
        ])
    #expect(directory.contents(of: "moved/state.json") == good)
    #expect(directory.names() == ["moved"])
    // Once the directory is back, the next change is saved and the failure is over.
    try FileManager.default.moveItem(atPath: directory.file("moved"), toPath: folder)
    store.save(changed) { results.record($0) }
    try store.flush()
    #expect(results.all.last == "saved on shop.state-file")
    #expect(try store.load(now: now).state == changed)
  }

  @Test(.enabled(if: geteuid() != 0, "root writes into read-only directories"))
  func aSaveIntoAReadOnlyDirectoryFailsAndTheOldFileStaysIntact() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    let store = try StateStore(path: path)
    try store.saveNow(try sampleState())
    let good = directory.contents(of: "state.json")
    #expect(chmod(directory.path, 0o500) == 0)
    defer { chmod(directory.path, 0o700) }
    #expect(throws: StateFileError.self) { try store.saveNow(ShopState()) }
    #expect(directory.contents(of: "state.json") == good)
  }

  @Test func saveNowIsOnDiskWhenItReturnsAndOvertakesEarlierSaves() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    let store = try StateStore(path: path)
    let results = Results(watching: store)
    var earlier = ShopState()
    try earlier.basket.add(.paperBag(quantity: 7))
    store.save(earlier) { results.record($0) }
    let checkedOut = try sampleState()
    try store.saveNow(checkedOut)
    // Read by another store's reader at once: no flush, nothing left to wait for.
    #expect(StateFileReader.read(Array(FileManager.default.contents(atPath: path)!)) == .success(checkedOut))
    try store.flush()
    #expect(try store.load(now: now).state == checkedOut)
    #expect(results.all == ["saved on shop.state-file"])
  }

  @Test func aFailedSaveNowThrowsAndTheOldFileStays() throws {
    let directory = TemporaryDirectory()
    let folder = directory.file("shop")
    let store = try StateStore(path: folder + "/state.json")
    try store.saveNow(try sampleState())
    try FileManager.default.moveItem(atPath: folder, toPath: directory.file("moved"))
    let error = #expect(throws: StateFileError.self) { try store.saveNow(ShopState()) }
    #expect(error?.description.hasPrefix("cannot write state file \(folder)/state.json: create ") == true)
    #expect(
      StateFileReader.read(Array(FileManager.default.contents(atPath: directory.file("moved/state.json"))!))
        == .success(try sampleState()))
  }

  @Test func flushReportsOnlyALastWriteThatFailed() throws {
    let directory = TemporaryDirectory()
    let folder = directory.file("shop")
    let store = try StateStore(path: folder + "/state.json")
    try FileManager.default.removeItem(atPath: folder)
    store.save(ShopState())
    #expect(throws: StateFileError.self) { try store.flush() }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    store.save(ShopState())
    try store.flush()
  }
}
