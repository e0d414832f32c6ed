import Foundation
import Shop
import Testing

@testable import AppCore

/// Decodes `text`'s code points as one read at time `at` (in milliseconds).
private func decode(
  _ text: String, with decoder: inout TerminalInputDecoder, at milliseconds: Int = 0
) -> [DecodedInput] {
  decoder.decode(text.unicodeScalars.map { .character($0.value) }, at: .milliseconds(milliseconds))
}

private func decode(_ text: String) -> [DecodedInput] {
  var decoder = TerminalInputDecoder()
  return decode(text, with: &decoder)
}

/// Escape sequences read to their end whatever terminfo says: known ones as keys, the rest dropped.
@Suite struct TerminalInputDecoderTests {
  /// Sequences terminals send, from xterm, tmux and screen, rxvt and the Linux console, and what they mean.
  static let realSequences: [(name: String, bytes: String, decoded: [DecodedInput])] = [
    ("Up", "\u{1B}[A", [.key(.up)]), ("Up in application mode", "\u{1B}OA", [.key(.up)]),
    ("Shift-Up", "\u{1B}[1;2A", [.key(.up)]), ("Ctrl-Right", "\u{1B}[1;5C", [.key(.right)]),
    ("Alt-Left", "\u{1B}[1;3D", [.key(.left)]), ("Ctrl-Home", "\u{1B}[1;5H", [.key(.home)]),
    ("Shift-End", "\u{1B}[1;2F", [.key(.end)]), ("Ctrl-PgDn", "\u{1B}[6;5~", [.key(.pageDown)]),
    ("Shift-PgUp", "\u{1B}[5;2~", [.key(.pageUp)]), ("Home as Find", "\u{1B}[1~", [.key(.home)]),
    ("End as Select", "\u{1B}[4~", [.key(.end)]), ("rxvt Home", "\u{1B}[7~", [.key(.home)]),
    ("rxvt Shift-Up", "\u{1B}[a", [.key(.up)]), ("rxvt Ctrl-Down", "\u{1B}Ob", [.key(.down)]),
    ("rxvt Ctrl-PgUp", "\u{1B}[5^", [.key(.pageUp)]), ("rxvt Shift-Home", "\u{1B}[7$", [.key(.home)]),
    ("rxvt Shift-PgDn twice", "\u{1B}[6$\u{1B}[6$", [.key(.pageDown), .key(.pageDown)]),
    ("a sequence with $ as its intermediate", "\u{1B}[?1$M", []),
    ("rxvt Alt-Left", "\u{1B}\u{1B}[D", [.key(.left)]), ("Delete", "\u{1B}[3~", [.key(.delete)]),
    ("Shift-Tab", "\u{1B}[Z", [.key(.backTab)]), ("F1", "\u{1B}OP", [.key(.help)]),
    ("F1 as tilde", "\u{1B}[11~", [.key(.help)]), ("Linux F1", "\u{1B}[[A", [.key(.help)]),
    ("keypad Enter", "\u{1B}OM", [.key(.enter)]), ("keypad +", "\u{1B}Ok", [.key(.character("+"))]),
    ("keypad -", "\u{1B}Om", [.key(.character("-"))]),
    ("Shift-Delete", "\u{1B}[3;2~", []), ("Shift-F1", "\u{1B}[1;2P", []), ("F5", "\u{1B}[15~", []),
    ("Shift-F1 in rxvt", "\u{1B}[23~", []), ("Linux F5", "\u{1B}[[E", []), ("unknown 99", "\u{1B}[99~", []),
    ("Insert", "\u{1B}[2~", []), ("F2 in application mode", "\u{1B}OQ", []),
    ("Shift-F3 as SS3", "\u{1B}O2R", []),
    ("Escape then a", "\u{1B}a", [.key(.escape), .key(.character("a"))]),
    ("Escape then Enter", "\u{1B}\r", [.key(.escape), .key(.enter)]),
    ("Escape then ?", "\u{1B}?", [.key(.escape), .key(.character("?"))]),
    ("device attributes reply", "\u{1B}[?1;2c", []), ("focus in", "\u{1B}[I", []),
    ("urxvt mouse", "\u{1B}[32;10;5M", []),
    ("SGR click", "\u{1B}[<0;10;5M", [.mouse(MouseReport(button: .first, x: 9, y: 4))]),
    ("SGR release", "\u{1B}[<0;10;5m", [.mouse(MouseReport(button: .first, x: 9, y: 4, isPress: false))]),
    ("SGR wheel", "\u{1B}[<65;3;2M", [.mouse(MouseReport(button: .wheelDown, x: 2, y: 1))]),
    // An X10 click in column 81: its column byte is `q`, which once quit.
    ("X10 click", "\u{1B}[M q!", [.mouse(MouseReport(button: .first, x: 80, y: 0))]),
    ("X10 release", "\u{1B}[M#q!", [.mouse(MouseReport(button: .other, x: 80, y: 0, isPress: false))]),
    ("X10 wheel up", "\u{1B}[M`a(", [.mouse(MouseReport(button: .wheelUp, x: 64, y: 7))]),
    ("raw paste", "\u{1B}[200~5a\u{1B}[A\u{1B}[201~", [.paste("5a\u{1B}[A")]),
  ]

  @Test(arguments: realSequences.indices) func aRealSequenceIsReadWhole(index: Int) {
    let (name, bytes, expected) = Self.realSequences[index]
    #expect(decode(bytes + "x") == expected + [.key(.character("x"))], "\(name)")
  }

  @Test func aLoneEscapeAtTheEndOfARead() {
    #expect(decode("\u{1B}") == [.key(.escape)])
    #expect(decode("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
    #expect(decode("j\u{1B}") == [.key(.character("j")), .key(.escape)])
  }

  @Test func aSequenceCutBetweenTwoReadsIsJoinedWhenTheRestComesSoon() {
    var decoder = TerminalInputDecoder()
    #expect(decode("\u{1B}[6;", with: &decoder, at: 0) == [])
    #expect(decoder.deadline == .milliseconds(100))
    #expect(decode("5~a", with: &decoder, at: 30) == [.key(.pageDown), .key(.character("a"))])
    #expect(decoder.deadline == nil)
  }

  @Test func aSequenceCutOffForTooLongIsDroppedAndLaterKeysAreKeys() {
    var decoder = TerminalInputDecoder()
    #expect(decode("\u{1B}[1;", with: &decoder, at: 0) == [])
    #expect(decode("a", with: &decoder, at: 500) == [.key(.character("a"))])
  }

  @Test func aVeryLongSequenceIsReadToItsEndAndDropped() {
    let long = "\u{1B}[" + String(repeating: "1;", count: 100_000) + "5~a"
    #expect(decode(long) == [.key(.character("a"))])
  }

  @Test func aControlCharacterInsideASequenceEndsItAndIsAKey() {
    #expect(decode("\u{1B}[1;\r") == [.key(.enter)])
    #expect(decode("\u{1B}[1\u{1B}[B") == [.key(.down)])
  }

  @Test func keysNcursesRecognisedEndAnUnfinishedSequence() {
    var decoder = TerminalInputDecoder()
    let decoded = decoder.decode(
      [.character(0x1B), .character(0x5B), .key(.up), .otherKey, .character(0x61)], at: .zero)
    #expect(decoded == [.key(.up), .key(.character("a"))])
  }

  /// Under TERM=xterm-256color ncurses reads the keypad's `ESC O k` as the key it names kpADD: it is +.
  @Test func theKeypadKeysNcursesNamesAreTheirCharacters() {
    #expect(KeyDecoder.key(forTerminfoName: "kpADD") == .character("+"))
    #expect(KeyDecoder.key(forTerminfoName: "kpSUB") == .character("-"))
    #expect(KeyDecoder.key(forTerminfoName: "kpZRO") == .character("0"))
    #expect(KeyDecoder.key(forTerminfoName: "kpXYZ") == nil)
  }

  @Test func theModifiedKeysNcursesNamesAreThePlainOnes() {
    #expect(KeyDecoder.key(forTerminfoName: "kUP5") == .up)
    #expect(KeyDecoder.key(forTerminfoName: "kDN3") == .down)
    #expect(KeyDecoder.key(forTerminfoName: "kRIT2") == .right)
    #expect(KeyDecoder.key(forTerminfoName: "kLFT7") == .left)
    #expect(KeyDecoder.key(forTerminfoName: "kHOM5") == .home)
    #expect(KeyDecoder.key(forTerminfoName: "kEND6") == .end)
    #expect(KeyDecoder.key(forTerminfoName: "kNXT5") == .pageDown)
    #expect(KeyDecoder.key(forTerminfoName: "kPRV3") == .pageUp)
    #expect(KeyDecoder.key(forTerminfoName: "kDC5") == nil)
    #expect(KeyDecoder.key(forTerminfoName: "kUP") == nil)
    #expect(KeyDecoder.key(forTerminfoName: "kUPX") == nil)
    #expect(KeyDecoder.key(forTerminfoName: "kf13") == nil)
  }
}

/// Random and real sequences through the decoder and the app: none but a known key changes anything,
/// and no byte of one arms a count or runs a command.
@Suite struct EscapeSequenceFuzzTests {
  static let iterations =
    ProcessInfo.processInfo.environment["SHOP_FUZZ_ITERATIONS"].flatMap { Int($0) }.map { min($0, 20_000) }
    ?? 3_000
  static let seed = ProcessInfo.processInfo.environment["SHOP_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_25

  /// A random CSI or SS3 sequence or mouse report.
  static func randomSequence(_ random: inout SplitMix64) -> String {
    func pick(_ range: ClosedRange<UInt32>) -> String {
      String(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
    }
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<5:
      let parameterBytes = Array("0123456789;;;;:<=>?")
      var text = "\u{1B}["
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        text.append(parameterBytes.randomElement(using: &random)!)
      }
      // `$` right after a number is rxvt's Shift form, a sequence of its own.
      let afterNumber = text.last.map(\.isNumber) ?? false
      for _ in 0..<Int.random(in: 0...1, using: &random) {
        var intermediate = pick(0x20...0x2F)
        while afterNumber, text.dropFirst(2).allSatisfy(\.isNumber), intermediate == "$" {
          intermediate = pick(0x20...0x2F)
        }
        text += intermediate
      }
      var final = pick(0x40...0x7E)
      // `ESC [ M` and `ESC [ [` start a mouse report and a Linux function key: longer sequences.
      while text == "\u{1B}[", final == "M" || final == "[" { final = pick(0x40...0x7E) }
      return text + final
    case 5..<7:
      var text = "\u{1B}O"
      for _ in 0..<Int.random(in: 0...3, using: &random) { text += pick(0x30...0x3F) }
      return text + pick(0x40...0x7E)
    case 7:
      return "\u{1B}[M" + pick(0x20...0xFF) + pick(0x21...0x7FF) + pick(0x21...0x7FF)
    case 8:
      let fields = (0..<3).map { _ in String(Int.random(in: 0...300, using: &random)) }
      return "\u{1B}[<" + fields.joined(separator: ";") + (Bool.random(using: &random) ? "M" : "m")
    default:
      var text = "\u{1B}["
      for _ in 0..<Int.random(in: 1...40, using: &random) { text += pick(0x30...0x3F) }
      return text + "~"
    }
  }

  /// Keys that move or change focus, which a modified arrow or PgDn may fairly become.
  static let movements: Set<Key> = [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown]

  @Test func noUnknownSequenceChangesTheBasketOrArmsACount() throws {
    var random = SplitMix64(seed: Self.seed)
    let catalog = try Catalog(
      currency: "EUR",
      items: (0..<30).map { ShoppingItem(id: "item\($0)", name: "Item \($0)", price: 10 + $0) })
    var app = TestStore(exhaustive: false, catalog: catalog)
    var sequences = Self.realSequences
    for _ in 0..<Self.iterations { sequences.append(Self.randomSequence(&random)) }
    var added = 0
    var dropped = 0
    for sequence in sequences {
      var decoder = TerminalInputDecoder()
      let decoded = decode(sequence + "a", with: &decoder)
      // A sequence is at most one key or report, and the key after it is read as itself.
      #expect(decoded.last == .key(.character("a")), "seed \(Self.seed): \(sequence.debugDescription)")
      #expect(decoded.count <= 2, "seed \(Self.seed): \(sequence.debugDescription) gave \(decoded)")
      let before = decoded.dropLast()
      if before.isEmpty { dropped += 1 }
      guard before.allSatisfy({ if case .key(let key) = $0 { Self.movements.contains(key) } else { true } })
      else { continue }
      // A fresh app now and then, before any line reaches its most.
      if added == 100 {
        app = TestStore(exhaustive: false, catalog: catalog)
        added = 0
      }
      for case .key(let key) in before { app.send(.input(.key(key))) }
      app.send(.input(.key(.character("a"))))
      added += 1
      #expect(
        app.state.shop.basket.badgeQuantity == added,
        "seed \(Self.seed): after \(sequence.debugDescription) the basket holds \(app.state.shop.basket.badgeQuantity), not \(added)"
      )
      #expect(app.state.countPrefix == nil)
      #expect(app.state.overlay == nil)
      guard app.state.shop.basket.badgeQuantity == added else { break }
    }
    #expect(dropped > sequences.count / 3, "most random sequences are unknown and dropped")
  }

  /// Tmux's and screen's own terminfo entries do not name these; each once ran its bytes as keys.
  static let realSequences = [
    "\u{1B}[6;5~", "\u{1B}[1;2A", "\u{1B}[1;5C", "\u{1B}[1;3D", "\u{1B}[1;2P", "\u{1B}[1;5H", "\u{1B}[3;2~",
    "\u{1B}[15~", "\u{1B}[99~", "\u{1B}[[E", "\u{1B}[<0;12;7M", "\u{1B}[<0;12;7m", "\u{1B}[M q!",
    "\u{1B}[24;8~", "\u{1B}O5S", "\u{1B}[1;7B", "\u{1B}[57399u", "\u{1B}[97;5u",
  ]
}

/// Bracketed pastes: text, never commands, cut with a note when longer than the filter can use, and
/// ended when their end marker never comes.
@Suite struct PasteDecodingTests {
  @Test func aPasteIsTextEscapesAndSignalCharactersIncluded() {
    var decoder = TerminalInputDecoder(signalCharacters: [0x03, 0x1C, 0x1A])
    let decoded = decoder.decode(
      [.pasteStart] + "a\u{3}b\u{1C}\u{1A}\u{1B}[Aq".unicodeScalars.map { .character($0.value) } + [
        .key(.up), .pasteEnd,
      ], at: .zero)
    #expect(decoded == [.paste("a\u{3}b\u{1C}\u{1A}\u{1B}[Aq")])
  }

  @Test func aTypedSignalCharacterIsReportedAsOne() {
    var decoder = TerminalInputDecoder(signalCharacters: [0x03, 0x1C])
    #expect(
      decode("j\u{3}\u{1C}", with: &decoder) == [
        .key(.character("j")), .signalCharacter(3), .signalCharacter(0x1C),
      ])
  }

  @Test func aLongPasteIsCutWithANoteSayingHowLongItWas() {
    var decoder = TerminalInputDecoder()
    // Each character is counted as it comes (the text's own count, taken at every character, made a
    // 1 MB paste cost 15-25 s); the speed itself is the benchmarks' to measure, not a test's.
    let long = [TerminalInput](repeating: .character(0x78), count: 1 << 18)
    let decoded = decoder.decode([.pasteStart] + long + [.pasteEnd], at: .zero)
    #expect(
      decoded == [
        .paste(String(repeating: "x", count: TerminalInputDecoder.maximumPasteCharacters)),
        .notice("paste cut to its first 4096 characters of 262144: the filter keeps no more"),
      ])
  }

  @Test func aPasteWhoseEndNeverComesEndsAfterTheIdleLimitAndSaysSo() {
    var decoder = TerminalInputDecoder()
    #expect(decoder.decode([.pasteStart, .character(0x78)], at: .seconds(10)) == [])
    #expect(decoder.deadline == .seconds(13))
    #expect(decoder.expire(at: .milliseconds(12_500)) == [])
    let ended = decoder.expire(at: .seconds(13))
    #expect(
      ended == [
        .paste("x"),
        .notice("a paste had no end marker: it ended after 3 s without input, and keys work again"),
      ])
    #expect(decoder.deadline == nil)
    #expect(decode("a", with: &decoder, at: 14_000) == [.key(.character("a"))])
  }

  @Test func aKeyLongAfterAnUnendedPasteEndsItFirstAndIsAKey() {
    var decoder = TerminalInputDecoder()
    _ = decoder.decode([.pasteStart, .character(0x78)], at: .zero)
    let decoded = decode("q", with: &decoder, at: 5_000)
    #expect(decoded.first == .paste("x"))
    #expect(decoded.last == .key(.character("q")))
  }

  @Test func anEndMarkerThatArrivesAsBytesEndsThePaste() {
    var decoder = TerminalInputDecoder()
    let decoded = decoder.decode(
      [.pasteStart] + "x\u{1B}[20\u{1B}[201~a".unicodeScalars.map { .character($0.value) }, at: .zero)
    #expect(decoded == [.paste("x\u{1B}[20"), .key(.character("a"))])
  }
}
