import Foundation
import Shop
import Testing

@testable import AppCore

/// Scripts mutated at random from the examples (bytes flipped, inserted and cut, lines repeated,
/// controls, invalid UTF-8, huge numbers and long words): the parser never crashes, every refusal is
/// one short line with no raw control character, and every script it accepts runs to its end on the
/// virtual clock, printing nothing raw either.
///
/// `SHOP_FUZZ_ITERATIONS=N` runs longer; `SHOP_FUZZ_SEED=N` repeats a run; a failure names its seed.
@Suite struct ScriptFuzzTests {
  static let defaultIterations = 1500

  @Test func mutatedScriptsAreRefusedOrRunNeverCrashOrLeakControls() throws {
    let environment = ProcessInfo.processInfo.environment
    let iterations = environment["SHOP_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? Self.defaultIterations
    let seed = environment["SHOP_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5C21
    var random = SplitMix64(seed: seed)
    let seeds = try ["debounce-burst", "reorder-bug", "reorder-controlled", "reorder-derived"].map {
      Array(try Data(contentsOf: URL(fileURLWithPath: examplePath("\($0).shop"))))
    }
    let parser = ScriptParser(catalog: .builtIn)
    for iteration in 0..<iterations {
      let bytes = Self.mutate(seeds.randomElement(using: &random)!, using: &random)
      let place = "seed \(seed) iteration \(iteration) (repeat: SHOP_FUZZ_SEED=\(seed))"
      do {
        let lines = try parser.parse(bytes)
        // Long waits are allowed (an hour at most); the virtual clock plays them at once.
        var output: [String] = []
        ScriptModeVirtualClock.play(
          lines,
          makeRuntime: { scheduler, clock, shell in
            AppRuntime(
              state: AppState(
                catalog: .builtIn, shop: ShopState(), mode: .controlled, debounce: .standard, width: 0,
                height: 0),
              scheduler: scheduler, clock: clock, saver: nil, shell: shell)
          },
          emit: { if let line = ScriptOutput.line(for: $0) { output.append(line) } })
        for line in output where Self.hasRawControl(line) {
          Issue.record("\(place): output line with a control character: \(line.debugDescription)")
          return
        }
      } catch {
        for message in error.messages {
          guard !Self.hasRawControl(message), message.count <= 200, !message.contains("\n") else {
            Issue.record("\(place): bad error line \(message.debugDescription)")
            return
          }
        }
      }
    }
  }

  /// Whether `text` holds a character that must never reach a terminal raw.
  static func hasRawControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { UntrustedText.isControl($0) }
  }

  /// `bytes` with a few random changes.
  static func mutate(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
    var result = bytes
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      let at = result.isEmpty ? 0 : Int.random(in: 0..<result.count, using: &random)
      switch Int.random(in: 0..<9, using: &random) {
      case 0 where !result.isEmpty: result[at] ^= UInt8.random(in: 1...255, using: &random)
      case 1: result.insert(UInt8.random(in: 0...255, using: &random), at: at)
      case 2: result.insert(contentsOf: [0x1B, 0x5B, 0x32, 0x4A], at: at)  // an escape sequence
      case 3: result.insert(contentsOf: [0xC2, 0x9B, 0xE2, 0x80, 0xAE], at: at)  // C1 CSI, a bidi control
      case 4: result.insert(contentsOf: [0xFF, 0xFE, 0xC3], at: at)  // invalid UTF-8
      case 5: result.removeSubrange(at..<min(result.count, at + Int.random(in: 1...40, using: &random)))
      case 6: result.insert(contentsOf: Array("add apple 99999999999999999999\n".utf8), at: at)
      case 7: result.insert(contentsOf: Array(repeating: UInt8(ascii: "x"), count: 5000), at: at)
      default:
        let lines = result.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if let line = lines.randomElement(using: &random) {
          result +=
            [UInt8(ascii: "\n")]
            + Array(repeating: Array(line) + [UInt8(ascii: "\n")], count: 20).flatMap { $0 }
        }
      }
    }
    return result
  }
}
