import Foundation
import Testing

@testable import Shop

#if canImport(Glibc)
  import Glibc
#endif

private let now = Date(timeIntervalSince1970: 1_800_000_000)

func sampleState() throws -> ShopState {
  var state = ShopState()
  let matcha = ShoppingItem(id: "matcha", name: "抹茶 Matcha", price: 1_450)
  try state.basket.add(matcha.withQuantity(2))
  try state.basket.add(.paperBag(quantity: 3))
  try state.checkout(
    at: Date(timeIntervalSince1970: 1_700_000_000.25), from: Catalog(currency: "EUR", items: [matcha]))
  try state.basket.add(ShoppingItem(id: "creme", name: "Crème fraîche", price: 199))
  return state
}

@Suite struct StateStoreTests {
  @Test func aSavedStateIsReadBackByTheNextRun() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("nested/shop/state.json")
    let state = try sampleState()
    do {
      let store = try StateStore(path: path)
      #expect(
        try store.load(now: now) == StateLoadResult(state: ShopState(), notice: nil, movedAsidePath: nil))
      store.save(state)
      try store.flush()
    }
    let reopened = try StateStore(path: path)
    let result = try reopened.load(now: now)
    #expect(result.state == state)
    #expect(result.notice == nil)
    #expect(directory.contents(of: "nested/shop/state.json")?.contains(#""version":1"#) == true)
  }

  @Test func onlyTheLatestSnapshotMattersAndNoTemporaryFilesAreLeft() throws {
    let directory = TemporaryDirectory()
    let store = try StateStore(path: directory.file("state.json"))
    var state = ShopState()
    for _ in 0..<500 {
      try state.basket.add(.paperBag())
      store.save(state)
    }
    try store.flush()
    #expect(try store.load(now: now).state == state)
    #expect(directory.names() == ["state.json", "state.json.lock"])
  }

  @Test func leftoverTemporaryFilesFromACrashAreRemovedOnOpen() throws {
    let directory = TemporaryDirectory()
    _ = directory.write("{half", to: "state.json.tmp-123-456")
    _ = try StateStore(path: directory.file("state.json"))
    #expect(directory.names() == ["state.json.lock"])
  }

  @Test func aSecondStoreOnTheSameFileIsRefusedUntilTheFirstIsGone() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    var first: StateStore? = try StateStore(path: path)
    let error = #expect(throws: StateFileError.self) { try StateStore(path: path) }
    #expect(error == .inUse(path: path, lockPath: path + ".lock"))
    #expect(
      error?.description
        == "state file \(path) is in use by another shop process (lock \(path).lock is held);"
        + " quit it or run with --no-state")
    #expect(first != nil)
    first = nil
    _ = try StateStore(path: path)
  }

  @Test func closingTheStoreAtTheEndOfARunRemovesItsLockFile() throws {
    // Issue 25 item 12: the .lock file stayed after a clean quit.
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    let store = try StateStore(path: path)
    try store.saveNow(ShopState())
    store.close()
    #expect(directory.names() == ["state.json"], "the state file stays, its lock goes")
    #expect(
      throws: StateFileError.self, "nothing is written once the lock is let go",
      performing: { try store.saveNow(ShopState()) })
    _ = try StateStore(path: path)
  }

  @Test func aLockFileRemovedBetweenItsOpenAndItsLockIsNotTrusted() throws {
    // The quitting holder removes the lock file while it still holds it; a store that opened the old
    // file just before takes the lock of a file nobody else can find, and must take the new one.
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    let store = try StateStore(path: path, beforeLocking: { unlink(path + ".lock") })
    #expect(directory.names() == ["state.json.lock"], "a lock file at the path again")
    let error = #expect(throws: StateFileError.self) { try StateStore(path: path) }
    #expect(error == .inUse(path: path, lockPath: path + ".lock"), "and it is the one held")
    withExtendedLifetime(store) {}
  }

  @Test func itemsTheCatalogNoLongerHasAreKeptWithTheirSavedNameAndPrice() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    var state = ShopState()
    let retired = ShoppingItem(id: "retired", name: "Retired tea", price: 777, quantity: 4)
    try state.basket.add(retired)
    do {
      let store = try StateStore(path: path)
      store.save(state)
      try store.flush()
    }
    let loaded = try StateStore(path: path).load(now: now).state
    #expect(loaded.basket.lines == [retired])
    #expect(Catalog.builtIn.unavailableItems(in: loaded.basket.lines) == [retired])
  }

  @Test func aFailedWriteIsReportedByFlushAndTheOldFileStays() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    let store = try StateStore(path: path)
    store.save(ShopState())
    try store.flush()
    let before = directory.contents(of: "state.json")
    try FileManager.default.removeItem(atPath: directory.path)
    store.save(try sampleState())
    let error = #expect(throws: StateFileError.self) { try store.flush() }
    #expect(error?.description.hasPrefix("cannot write state file \(path): create \(path).tmp-") == true)
    #expect(before != nil)
    try store.flush()
  }
}
