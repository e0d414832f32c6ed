import Foundation
import Testing

@testable import Shop

/// Seeded mutations of valid state files: reading never crashes or hangs, every refusal is one safe
/// line, and every state accepted obeys the rules (bags are the shop's, names are safe) and
/// round-trips through a save.
@Suite struct StateFileFuzzTests {
  /// A valid state file: a basket and orders with names in several scripts and a paper bag or two.
  static func validStateFile(using random: inout SeededGenerator) -> [UInt8] {
    let names = ["Apple", "Crème fraîche", "抹茶 Matcha", "Quote \" and \\ slash", "🍎", "Ünïcödé"]
    func lines() -> [ShoppingItem] {
      var lines = (0..<Int.random(in: 0...4, using: &random)).map { index in
        ShoppingItem(
          id: "item-\(index)", name: names.randomElement(using: &random)!,
          price: Int.random(in: 0...Catalog.maximumPrice, using: &random),
          quantity: Int.random(in: 1...Basket.lineLimit, using: &random))
      }
      if Bool.random(using: &random) {
        lines.append(.paperBag(quantity: Int.random(in: 1...5, using: &random)))
      }
      return lines
    }
    let orders = (0..<Int.random(in: 0...3, using: &random)).map { index in
      Order(items: lines(), placedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3_600.5))
    }
    let state = ShopState(basket: Basket(lines: lines()), orders: orders)
    return try! StateFileDocument(state).encoded()
  }

  /// What is wrong with the outcome of reading `bytes`, or nil.
  static func problem(reading bytes: [UInt8]) -> String? {
    switch StateFileReader.read(bytes) {
    case .failure(let problem):
      return FuzzMutation.messageProblem("state file s.json \(problem.description)")
    case .success(let state):
      let lines = state.basket.lines + state.orders.flatMap(\.items)
      for line in lines {
        if line.isPaperBag, line != .paperBag(quantity: line.quantity) { return "kept a bag as \(line)" }
        if [line.id, line.name].contains(where: {
          $0.isEmpty || UntrustedText.firstUnsafeScalar(in: $0) != nil
        }) {
          return "accepted an empty or unsafe id or name"
        }
        if !(1...Basket.limit(for: line)).contains(line.quantity)
          || !(0...Catalog.maximumPrice).contains(line.price)
        {
          return "accepted \(line)"
        }
      }
      guard let written = try? StateFileDocument(state).encoded(),
        StateFileReader.read(written) == .success(state)
      else { return "accepted, but the state does not round-trip" }
      return nil
    }
  }

  @Test(.timeLimit(FuzzRun.timeLimit))
  func mutatedStateFilesAreRefusedInOneSafeLineOrAcceptedByTheRules() {
    var accepted = 0
    let run = FuzzRun(defaultIterations: 1_500, baseSeed: 0x57A7_0000)
    run.forEachSeed { _, random in
      let mutated = FuzzMutation.mutate(Self.validStateFile(using: &random), using: &random)
      if case .success = StateFileReader.read(mutated) { accepted += 1 }
      return Self.problem(reading: mutated)
    }
    print("state file fuzz: \(run.iterations) inputs, \(accepted) accepted")
  }

  @Test(.timeLimit(FuzzRun.timeLimit))
  func throughTheStoreAMutatedFileIsReadOrMovedAsideByteForByte() {
    let directory = TemporaryDirectory()
    let path = directory.file("state.json")
    FuzzRun(defaultIterations: 100, baseSeed: 0x57A7_1000).forEachSeed { _, random in
      let mutated = FuzzMutation.mutate(Self.validStateFile(using: &random), using: &random)
      _ = FileManager.default.createFile(atPath: path, contents: Data(mutated))
      defer {
        for name in directory.names() { unlink(directory.file(name)) }
      }
      let opening: StateFileOpening
      do {
        opening = try StateStore.open(path: path, now: Date(timeIntervalSince1970: 1_800_000_000))
      } catch {
        return "open threw \(error)"
      }
      guard case .opened(_, let result) = opening else { return "could not use a regular file" }
      guard let aside = result.movedAsidePath else { return nil }
      if let problem = FuzzMutation.messageProblem(result.notice ?? "") { return problem }
      guard FileManager.default.contents(atPath: aside) == Data(mutated) else {
        return "the moved file changed"
      }
      return FileManager.default.fileExists(atPath: path) ? "the unreadable file is still in place" : nil
    }
  }
}
