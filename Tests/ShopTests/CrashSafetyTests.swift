import Foundation
import Testing

@testable import Shop

/// A writer process killed with SIGKILL never leaves an unreadable state file, and never loses a
/// checkout it reported.
///
/// The child is this test binary running only `writerChild`: it saves each new basket in the
/// background, then checks it out with the durable `saveNow`, printing `writing N` just before and
/// `checked out N` only after `saveNow` returned. The parent kills it as soon as it reads a line
/// chosen at random (no sleeping: a kill after `writing N` lands in the middle of the durable write,
/// one after `checked out N` during the next background save), then checks that the file is readable
/// and holds the last order reported. Order numbers go on rising from one round to the next, so a
/// round whose writes were all lost would show an older order.
@Suite(.tags(.realClock)) struct CrashSafetyTests {
  static let directoryVariable = "SHOP_CRASH_WRITER_PATH"
  private static let rounds = 60
  private static let writingMarker = "crash-writer: writing "
  private static let checkedOutMarker = "crash-writer: checked out "

  /// The basket the child fills before checking out order `number`: with 100 orders kept, the file
  /// grows to some 100 KB, so a kill often lands mid-write.
  static func basket(number: Int) -> [ShoppingItem] {
    (0...(number % 20)).map { line in
      ShoppingItem(id: "item-\(line)", name: "Item \(line) #\(number)", price: line, quantity: 1)
    }
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment[directoryVariable] != nil))
  func writerChild() throws {
    let path = ProcessInfo.processInfo.environment[Self.directoryVariable]!
    let store = try StateStore(path: path)
    var state = try store.load(now: Date(timeIntervalSince1970: 0)).state
    var number = state.lastOrder.map { Int($0.placedAt.timeIntervalSince1970) + 1 } ?? 0
    while true {
      let lines = Self.basket(number: number)
      state.basket = Basket(lines: lines)
      store.save(state)
      // The checkout: the basket becomes the newest order and the basket is emptied.
      state = ShopState(
        orders: state.orders + [Order(items: lines, placedAt: Date(timeIntervalSince1970: Double(number)))])
      FileHandle.standardOutput.write(Data((Self.writingMarker + "\(number)\n").utf8))
      try store.saveNow(state)
      FileHandle.standardOutput.write(Data((Self.checkedOutMarker + "\(number)\n").utf8))
      number += 1
    }
  }

  @Test func aWriterKilledAtAnyMomentLeavesAReadableFileWithEveryCheckoutItReported() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    var random = SeededGenerator(seed: 0x5EED)
    var killsWithATemporaryFileLeft = 0
    var killsMidCheckout = 0
    for round in 0..<Self.rounds {
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
      child.arguments = ["--testing-library", "swift-testing", "--filter", "CrashSafetyTests/writerChild"]
      child.environment = ProcessInfo.processInfo.environment.merging([Self.directoryVariable: path]) { $1 }
      let output = Pipe()
      child.standardOutput = output
      child.standardError = FileHandle.nullDevice
      try child.run()
      // Kill after the child's k-th line: odd ones say "writing N", even ones "checked out N".
      let linesBeforeKill = Int.random(in: 3...8, using: &random)
      var lines: [Substring] = []
      var text = ""
      while lines.count < linesBeforeKill {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
        lines = text.split(separator: "\n")
        if !text.hasSuffix("\n") { lines.removeLast() }
      }
      kill(child.processIdentifier, SIGKILL)
      child.waitUntilExit()
      #expect(lines.count >= linesBeforeKill, "round \(round): the child stopped early: \(text.suffix(300))")
      // The child runs on between the read above and the kill (far on, on a loaded machine): what it
      // reported is every whole line it wrote before it died, which the pipe still holds.
      text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      lines = text.split(separator: "\n")
      if !text.hasSuffix("\n"), !lines.isEmpty { lines.removeLast() }
      let reported = lines.compactMap { line in
        line.hasPrefix(Self.checkedOutMarker) ? Int(line.dropFirst(Self.checkedOutMarker.count)) : nil
      }
      if linesBeforeKill % 2 == 1 { killsMidCheckout += 1 }
      if directory.names().contains(where: { $0.hasPrefix("state.json.tmp-") }) {
        killsWithATemporaryFileLeft += 1
      }

      let result = try StateStore(path: path).load(now: Date(timeIntervalSince1970: 0))
      #expect(result.notice == nil, "round \(round)")
      guard let lastReported = reported.last, let lastOrder = result.state.lastOrder else {
        Issue.record("round \(round): no order on disk, \(reported.count) reported")
        continue
      }
      // On disk: the last reported checkout, or the next one if the kill came after its saveNow
      // returned and before its line was printed; never an older one.
      let onDisk = Int(lastOrder.placedAt.timeIntervalSince1970)
      #expect(
        onDisk == lastReported || onDisk == lastReported + 1,
        "round \(round): \(onDisk) after \(lastReported)")
      #expect(Array(lastOrder.items) == Self.basket(number: onDisk), "round \(round)")
    }
    #expect(directory.names().allSatisfy { !$0.contains("unreadable") })
    print(
      "crash safety: \(Self.rounds) kills, \(killsMidCheckout) during a durable checkout;"
        + " \(killsWithATemporaryFileLeft) left a temporary file behind")
  }
}
