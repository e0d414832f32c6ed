import Foundation
import Testing

@testable import Shop

/// A writer process killed with SIGKILL at random moments never leaves an unreadable state file.
///
/// The child is this test binary running only `writerChild`, which saves ever-changing states in a
/// loop and reports each one that reached the disk; the parent kills it after a random number of them.
@Suite struct CrashSafetyTests {
  static let directoryVariable = "SHOP_CRASH_WRITER_PATH"
  private static let rounds = 100
  private static let wroteMarker = "crash-writer: wrote "

  /// The state the child writes in round `index`: large enough that a kill often lands mid-write.
  static func state(number index: Int) -> ShopState {
    var lines: [ShoppingItem] = []
    for line in 0...(index % 400) {
      lines.append(ShoppingItem(id: "item-\(line)", name: "Item \(line) #\(index)", price: line, quantity: 1))
    }
    return ShopState(basket: Basket(lines: lines))
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment[directoryVariable] != nil))
  func writerChild() throws {
    let path = ProcessInfo.processInfo.environment[Self.directoryVariable]!
    let store = try StateStore(path: path)
    var index = 0
    while true {
      store.save(Self.state(number: index))
      try store.flush()
      FileHandle.standardOutput.write(Data((Self.wroteMarker + "\(index)\n").utf8))
      index += 1
    }
  }

  @Test func aWriterKilledAtRandomMomentsNeverLeavesAnUnreadableFile() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    var random = SeededGenerator(seed: 0x5EED)
    var killsWithATemporaryFileLeft = 0
    for _ in 0..<Self.rounds {
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
      child.arguments = ["--testing-library", "swift-testing", "--filter", "CrashSafetyTests/writerChild"]
      child.environment = ProcessInfo.processInfo.environment.merging([Self.directoryVariable: path]) { $1 }
      let output = Pipe()
      child.standardOutput = output
      child.standardError = FileHandle.nullDevice
      try child.run()
      let writesBeforeKill = Int.random(in: 1...25, using: &random)
      var seen = 0
      var text = ""
      while seen < writesBeforeKill {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
        seen = text.components(separatedBy: Self.wroteMarker).count - 1
      }
      // Not a wait for anything: it spreads the kill over the child's encode, write, fsync and rename.
      usleep(UInt32.random(in: 0...3_000, using: &random))
      kill(child.processIdentifier, SIGKILL)
      child.waitUntilExit()
      #expect(seen >= writesBeforeKill, "the writer child stopped early: \(text.suffix(300))")
      if directory.names().contains(where: { $0.hasPrefix("state.json.tmp-") }) {
        killsWithATemporaryFileLeft += 1
      }

      let result = try StateStore(path: path).load(now: Date(timeIntervalSince1970: 0))
      #expect(result.notice == nil)
      let written = result.state.basket.lines.first.flatMap { Int($0.name.split(separator: "#").last ?? "") }
      #expect(written.map { result.state == Self.state(number: $0) } == true)
    }
    #expect(directory.names().allSatisfy { !$0.contains("corrupt") })
    print("crash safety: \(killsWithATemporaryFileLeft) of \(Self.rounds) kills left a temporary file behind")
  }
}
