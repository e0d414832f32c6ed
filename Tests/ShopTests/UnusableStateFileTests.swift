import Foundation
import Testing

@testable import Shop

/// A state file the shop cannot use is never touched: the run goes on without one (with a notice)
/// when the file cannot be read or moved aside, and stops (with the path at fault, the reason and
/// `--no-state`) when its place cannot exist.
@Suite struct UnusableStateFileTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func notice(_ opening: StateFileOpening) -> String? {
    guard case .unusable(let notice) = opening else { return nil }
    return notice
  }

  @Test func aDirectoryAtTheStatePathMeansRunningWithoutAStateFile() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    _ = directory.write("mine", to: "state.json/keep.txt")
    let opening = try StateStore.open(path: path, now: now)
    #expect(
      notice(opening)
        == "cannot read state file \(path): is a directory, not a regular file; running without a state file,"
        + " so nothing will be saved")
    #expect(directory.contents(of: "state.json/keep.txt") == "mine")
    #expect(!directory.names().contains { $0.contains("unreadable") })
  }

  @Test func aFIFOAtTheStatePathMeansRunningWithoutAStateFileAndNeverBlocks() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    #expect(mkfifo(path, 0o600) == 0)
    let opening = withDeadline(blockingFIFO: path) { () -> String? in
      guard
        case .unusable(let notice)? = try? StateStore.open(path: path, now: Date(timeIntervalSince1970: 0))
      else { return nil }
      return notice
    }
    #expect(
      opening
        == "cannot read state file \(path): is a FIFO, not a regular file; running without a state file,"
        + " so nothing will be saved")
  }

  @Test func aFileThatCannotBeMovedAsideIsLeftByteForByte() throws {
    let directory = TemporaryDirectory()
    let path = directory.write("{corrupt", to: "state.json")
    // Every name the file could be moved to is taken (the shop never overwrites one).
    let base = "state.json.unreadable-20270115T080000Z"
    _ = directory.write("earlier", to: base)
    for attempt in 2...1000 { _ = directory.write("earlier", to: base + "-\(attempt)") }
    let opening = try StateStore.open(path: path, now: now)
    #expect(
      notice(opening)
        == "state file \(path) is unreadable and could not be moved aside: it is not valid JSON, and link to"
        + " \(path).unreadable-20270115T080000Z-1000: File exists; running without a state file, so nothing will be saved"
    )
    #expect(directory.contents(of: "state.json") == "{corrupt")
  }

  @Test func aLockFileThatCannotBeMadeMeansRunningWithoutAStateFile() throws {
    let directory = TemporaryDirectory()
    let path = directory.write(#"{"version": 1, "basket": [], "orders": []}"#, to: "state.json")
    try FileManager.default.createDirectory(atPath: path + ".lock", withIntermediateDirectories: false)
    let opening = try StateStore.open(path: path, now: now)
    #expect(
      notice(opening)
        == "cannot prepare state file \(path): cannot create lock \(path).lock: Is a directory; running without"
        + " a state file, so nothing will be saved")
  }

  @Test func aRegularFileWhereTheStateDirectoryShouldBeStopsTheRunNamingIt() throws {
    let directory = TemporaryDirectory()
    let stateHome = directory.write("not a directory", to: "xdg")
    let path = StateFileLocation.path(environment: ["XDG_STATE_HOME": stateHome])!
    let error = #expect(throws: StateFileError.self) { try StateStore.open(path: path, now: now) }
    #expect(
      error?.description
        == "cannot keep state file \(stateHome)/shop/state.json: \(stateHome) is a regular file, not a directory;"
        + " use --no-state or --state FILE")
    #expect(directory.contents(of: "xdg") == "not a directory")
  }

  @Test func aDeviceWhereTheStateDirectoryShouldBeIsNamedForWhatItIs() throws {
    let error = #expect(throws: StateFileError.self) {
      try StateStore.open(path: "/dev/null/shop/state.json", now: now)
    }
    #expect(
      error?.description
        == "cannot keep state file /dev/null/shop/state.json: /dev/null is a character device, not a directory;"
        + " use --no-state or --state FILE")
  }

  @Test func aStateFileInUseStillStopsTheRun() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    let first = try StateStore.open(path: path, now: now)
    #expect(throws: StateFileError.inUse(path: path, lockPath: path + ".lock")) {
      try StateStore.open(path: path, now: now)
    }
    withExtendedLifetime(first) {}
  }
}
