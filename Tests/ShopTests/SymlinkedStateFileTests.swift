import Foundation
import Testing

@testable import Shop

/// A state file that is a symbolic link is written through: the file it points to is replaced
/// atomically, in its own directory, and the link stays a link.
@Suite struct SymlinkedStateFileTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func isLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  @Test func savesGoThroughTheLinkAndTheLinkStays() throws {
    let directory = TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.file("dotfiles"), withIntermediateDirectories: false)
    try FileManager.default.createDirectory(
      atPath: directory.file("state"), withIntermediateDirectories: false)
    let target = directory.file("dotfiles/shop.json")
    let link = directory.file("state/state.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../dotfiles/shop.json")
    let state = try sampleState()
    do {
      let store = try StateStore(path: link)
      #expect(try store.load(now: now).state == ShopState())
      try store.saveNow(state)
    }
    #expect(isLink(link))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../dotfiles/shop.json")
    #expect(FileManager.default.fileExists(atPath: target))
    #expect(try StateStore(path: link).load(now: now).state == state)
    #expect(try StateStore(path: target).load(now: now).state == state)
  }

  @Test func theLockIsTheTargetsSoTwoLinksToOneFileCannotBothWrite() throws {
    let directory = TemporaryDirectory()
    let target = directory.write(#"{"version": 1, "basket": [], "orders": []}"#, to: "real.json")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("one.json"), withDestinationPath: target)
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("two.json"), withDestinationPath: "one.json")
    let first = try StateStore(path: directory.file("one.json"))
    #expect(throws: StateFileError.inUse(path: directory.file("two.json"), lockPath: target + ".lock")) {
      try StateStore(path: directory.file("two.json"))
    }
    withExtendedLifetime(first) {}
  }

  @Test func theInUseMessageNamesTheLockFileThatExists() throws {
    let directory = TemporaryDirectory()
    let target = directory.write(#"{"version": 1, "basket": [], "orders": []}"#, to: "real.json")
    let link = directory.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let first = try StateStore(path: link)
    let error = #expect(throws: StateFileError.self) { try StateStore(path: link) }
    let message = error?.description ?? ""
    #expect(message.contains("(lock \(target).lock is held)"), "\(message)")
    #expect(FileManager.default.fileExists(atPath: target + ".lock"))
    #expect(!FileManager.default.fileExists(atPath: link + ".lock"))
    withExtendedLifetime(first) {}
  }

  @Test func anUnreadableTargetIsMovedAsideBesideItselfAndTheLinkStays() throws {
    let directory = TemporaryDirectory()
    let target = directory.write("{corrupt", to: "real.json")
    let link = directory.file("state.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
    let result = try StateStore(path: link).load(now: now)
    #expect(result.movedAsidePath == target + ".unreadable-20270115T080000Z")
    #expect(directory.contents(of: "real.json.unreadable-20270115T080000Z") == "{corrupt")
    #expect(isLink(link))
  }

  @Test func aLinkToAFileNotYetThereCreatesIt() throws {
    let directory = TemporaryDirectory()
    let link = directory.file("state.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "later.json")
    try StateStore(path: link).saveNow(try sampleState())
    #expect(isLink(link))
    #expect(try StateStore(path: directory.file("later.json")).load(now: now).state == (try sampleState()))
  }

  @Test func aLoopOfLinksIsRefused() throws {
    let directory = TemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("a.json"), withDestinationPath: "b.json")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("b.json"), withDestinationPath: "a.json")
    let opening = try StateStore.open(path: directory.file("a.json"), now: now)
    guard case .unusable(let notice) = opening else {
      Issue.record("a loop of links was opened")
      return
    }
    #expect(notice.contains("Too many levels of symbolic links"))
  }
}
