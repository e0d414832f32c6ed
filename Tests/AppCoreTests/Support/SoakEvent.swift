import Shop

@testable import AppCore

/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so a soak run can be
/// repeated exactly from the seed its failure message prints.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator starting from `seed`.
  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// One thing that happens to the app core in a soak run: what a user, the window or the clock does.
enum SoakEvent: CustomStringConvertible {
  /// A key, click, double-click or resize, delivered through the key bindings.
  case input(InputEvent)
  /// Virtual time passes.
  case advance(milliseconds: Int)
  /// The store mode is set directly, as a script's `mode` line does.
  case mode(QuantityStoreMode)
  /// The debounce interval is set directly, as a script's `debounce` line does.
  case debounce(milliseconds: Int)

  /// The event as a failure message shows it.
  var description: String {
    switch self {
    case .input(let event): "\(event)"
    case .advance(let milliseconds): "advance \(milliseconds) ms"
    case .mode(let mode): "mode \(mode.rawValue)"
    case .debounce(let milliseconds): "debounce \(milliseconds) ms"
    }
  }
}

/// The keys a soak run presses: every key of every table of ``KeyBindings`` except those that quit
/// (so a new binding cannot escape the soak), keys the app ignores, and characters for the filter,
/// including control characters and escapes it must refuse.
enum SoakKeys {
  /// Keys that quit: never pressed outside the filter.
  static let quitting: Set<Key> = [.character("q"), .interrupt, .control("c")]

  /// Every bound key that does not quit, plus ignored keys and filter characters.
  static let pool: [Key] = {
    let tables = KeyBindings.all
    var bound: [Key] = []
    for key in tables.flatMap(\.keys) where !quitting.contains(key) && !bound.contains(key) {
      bound.append(key)
    }
    let ignored: [Key] = [.left, .right, .tab, .backspace, .delete, .control("e"), .character("_")]
    let typed: [Character] = [
      "e", "a", "n", "o", " ", "é", "抹", "Q", "1", "\u{1B}", "\u{7}", "\u{9B}", "\u{7F}", "\n", "\u{301}",
    ]
    return bound + ignored + typed.map { .character($0) }
  }()
}

extension SoakEvent {
  /// A random event for a window of `width` x `height`: mostly keys, then time, clicks, resizes
  /// (in bursts of a few), and now and then a mode or debounce change.
  static func random(width: Int, height: Int, using random: inout SplitMix64) -> SoakEvent {
    let roll = Int.random(in: 0..<100, using: &random)
    switch roll {
    case 0..<60:
      return .input(.key(SoakKeys.pool.randomElement(using: &random)!))
    case 60..<75:
      let long = Bool.random(using: &random)
      return .advance(milliseconds: Int.random(in: 0...(long ? 3000 : 300), using: &random))
    case 75..<85:
      let x = Int.random(in: -2...(width + 2), using: &random)
      let y = Int.random(in: -2...(height + 2), using: &random)
      return .input(roll < 82 ? .click(x: x, y: y) : .doubleClick(x: x, y: y))
    case 85..<95:
      return .input(
        .resize(width: randomSize(max: 300, using: &random), height: randomSize(max: 100, using: &random)))
    case 95..<97:
      return .mode(Bool.random(using: &random) ? .controlled : .simple)
    default:
      let step = Bool.random(using: &random)
      let milliseconds = Int.random(in: 0...DebounceInterval.maximumMilliseconds, using: &random)
      return .debounce(milliseconds: step ? milliseconds / 100 * 100 : milliseconds)
    }
  }

  /// A size from 1 to `max`, biased towards the small sizes around the layout's thresholds.
  private static func randomSize(max: Int, using random: inout SplitMix64) -> Int {
    Bool.random(using: &random)
      ? Int.random(in: 1...max, using: &random) : Int.random(in: 1...80, using: &random)
  }
}
