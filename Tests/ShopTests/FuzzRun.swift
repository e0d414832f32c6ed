import Foundation
import Testing

@testable import Shop

/// How a fuzz test runs: how many inputs, from which seeds, and how a failure is reported.
///
/// `SHOP_FUZZ_ITERATIONS=200000` runs longer than the default; `SHOP_FUZZ_SEED=N` runs the one input
/// that seed makes, as printed by a failure.
struct FuzzRun {
  let iterations: Int
  let seeds: [UInt64]

  /// A run of `defaultIterations` inputs (or as many as the environment asks for), seeded from
  /// `baseSeed`.
  init(defaultIterations: Int, baseSeed: UInt64) {
    let environment = ProcessInfo.processInfo.environment
    if let seed = environment["SHOP_FUZZ_SEED"].flatMap(UInt64.init) {
      seeds = [seed]
    } else {
      let count = environment["SHOP_FUZZ_ITERATIONS"].flatMap(Int.init) ?? defaultIterations
      seeds = (0..<UInt64(max(count, 0))).map { baseSeed &+ $0 }
    }
    iterations = seeds.count
  }

  /// The most one input may take before it counts as a hang, in seconds (a debug build, a loaded
  /// machine: the slowest input takes some milliseconds).
  static let secondsPerInput = 5.0

  /// The time limit of a whole fuzz test: two minutes for the default run, more for a longer one.
  static var timeLimit: TimeLimitTrait.Duration {
    let asked = ProcessInfo.processInfo.environment["SHOP_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 0
    return .minutes(max(2, asked / 1_000))
  }

  /// Runs `body` once per seed; each failure it reports, and each input that takes longer than
  /// `secondsPerInput`, is recorded with its seed, at most 20.
  func forEachSeed(_ body: (UInt64, inout SeededGenerator) -> String?) {
    var failures = 0
    for seed in seeds {
      var random = SeededGenerator(seed: seed)
      let start = DispatchTime.now()
      var failure = body(seed, &random)
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
      if failure == nil, seconds > Self.secondsPerInput { failure = "took \(seconds) s" }
      guard let failure else { continue }
      Issue.record("seed \(seed) (repeat with SHOP_FUZZ_SEED=\(seed)): \(failure)")
      failures += 1
      if failures == 20 { break }
    }
  }
}

/// Seeded mutations of valid files: the kinds of damage a file meets, and the kinds of hostility.
enum FuzzMutation {
  /// `bytes` after one to three random mutations.
  static func mutate(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      mutateOnce(&bytes, using: &random)
    }
    return bytes
  }

  private static let insertions: [[UInt8]] = [
    Array("\"".utf8), Array("\\".utf8), Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("]".utf8),
    Array(",".utf8), Array(":".utf8), Array("0".utf8), Array("-".utf8), Array(".".utf8), Array("e".utf8),
    Array("+1".utf8), Array("01".utf8), Array("1.".utf8), Array("1e".utf8), Array("true".utf8),
    Array("nul".utf8),
    Array("\\u".utf8), Array("\\ud800".utf8), Array("\\udc00".utf8), Array("\\u001b".utf8),
    Array("\\u202e".utf8),
    Array("\\u2028".utf8), [0x07], [0x1B], [0x0C], [0x7F], [0xC2, 0x9B], [0xE2, 0x80, 0xAE],
    [0xE2, 0x80, 0xA8],
    [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBB, 0xBF],
    Array(#""name": "dup", "#.utf8), Array(#""id": "dup", "#.utf8), Array(#""price": 1, "#.utf8),
    Array(#""items": [], "#.utf8), Array(#""version": 1, "#.utf8), Array(#""description": "d", "#.utf8),
    Array(#""paper-bag""#.utf8),
  ]

  private static func mutateOnce(_ bytes: inout [UInt8], using random: inout SeededGenerator) {
    let at = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
    switch Int.random(in: 0..<9, using: &random) {
    case 0 where !bytes.isEmpty:
      let index = Int.random(in: 0..<bytes.count, using: &random)
      bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
    case 1:
      bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
    case 2:
      bytes.insert(contentsOf: insertions.randomElement(using: &random)!, at: at)
    case 3 where !bytes.isEmpty:
      let end = min(bytes.count, at + Int.random(in: 1...16, using: &random))
      bytes.removeSubrange(min(at, bytes.count)..<end)
    case 4:
      bytes.removeSubrange(at...)
    case 5:
      // Deep nesting around the limit, as the value of a new key just inside an object.
      let depth = Int.random(in: 505...520, using: &random)
      let value =
        Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
      insertMember(Array(#""deep": "#.utf8) + value, into: &bytes, using: &random)
    case 6:
      // A huge number: hundreds of digits, or an exponent far out of range.
      let digits = String(repeating: "9", count: Int.random(in: 19...400, using: &random))
      let number = Bool.random(using: &random) ? digits : "1e99999"
      replaceANumber(in: &bytes, with: Array(number.utf8), using: &random)
    case 7:
      // A key repeated in the same object.
      insertMember(Array(#""name": "again""#.utf8), into: &bytes, using: &random)
    default:
      // A long string where a short one was.
      let long = String(repeating: "x", count: Int.random(in: 90...2_100, using: &random))
      bytes.insert(contentsOf: Array(long.utf8), at: at)
    }
  }

  /// Puts `member` and a comma right after a random `{`.
  private static func insertMember(
    _ member: [UInt8], into bytes: inout [UInt8], using random: inout SeededGenerator
  ) {
    let braces = bytes.indices.filter { bytes[$0] == UInt8(ascii: "{") }
    guard let brace = braces.randomElement(using: &random) else { return }
    bytes.insert(contentsOf: member + Array(", ".utf8), at: brace + 1)
  }

  private static func replaceANumber(
    in bytes: inout [UInt8], with number: [UInt8], using random: inout SeededGenerator
  ) {
    let digits = bytes.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
    guard let start = digits.randomElement(using: &random) else { return }
    var end = start
    while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
    bytes.replaceSubrange(start..<end, with: number)
  }

  /// Why a message is not one safe line, or nil: one line, nothing `UntrustedText` would escape, short.
  static func messageProblem(_ message: String) -> String? {
    if let unsafe = message.unicodeScalars.first(where: UntrustedText.isControl) {
      return
        "the message holds U+\(String(unsafe.value, radix: 16, uppercase: true)) raw: \(message.debugDescription)"
    }
    if message.utf8.count > 1_000 { return "the message is \(message.utf8.count) bytes long" }
    return nil
  }
}
