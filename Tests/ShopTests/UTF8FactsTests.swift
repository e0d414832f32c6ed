import Testing

@testable import Shop

/// The one-pass UTF-8 check agrees with the standard library on what is well-formed, and with
/// `String` and `UntrustedText` on the scalar count and the first unsafe code point.
@Suite struct UTF8FactsTests {
  static func standardFacts(_ bytes: [UInt8]) -> UTF8Facts?? {
    guard let text = String(validating: bytes, as: UTF8.self) else { return .some(nil) }
    return UTF8Facts(
      scalarCount: text.unicodeScalars.count, firstUnsafe: UntrustedText.firstUnsafeScalar(in: text))
  }

  static func facts(_ bytes: [UInt8]) -> UTF8Facts?? {
    .some(bytes.withUnsafeBufferPointer(UTF8Facts.init))
  }

  @Test(
    arguments: [
      [], [0x41], [0x1B], [0x7F], [0xC2, 0x9B], [0xC2, 0xA0], [0xC1, 0xBF], [0xC0, 0x80], [0xE0, 0x9F, 0x80],
      [0xE0, 0xA0, 0x80], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6],
      [0xE2, 0x80, 0xA8], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
      [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80],
      [0xE2, 0x82], [0xF0, 0x9F, 0x8D], [0x41, 0xE2, 0x82, 0xAC, 0x42], [0xE2, 0x28, 0xA1],
      // Runs of eight printable ASCII bytes are taken at once; one unsafe byte in eight is not.
      Array("abcdefgh".utf8), Array("abcdefg\u{7F}".utf8), Array("\u{7F}abcdefgh".utf8),
      Array("abcdefgh\u{1B}".utf8), Array("abcdefg\u{1F}".utf8), Array(" ~abcdef".utf8),
      Array("abcdefghijklmnop\u{7F}q".utf8), Array("abcdefgé".utf8),
    ] as [[UInt8]])
  func edgeSequencesAreJudgedAsTheStandardLibraryJudgesThem(_ bytes: [UInt8]) {
    #expect(Self.facts(bytes) == Self.standardFacts(bytes), "\(bytes)")
  }

  @Test func randomBytesAreJudgedAsTheStandardLibraryJudgesThem() {
    var random = SeededGenerator(seed: 0x0_07F8)
    // Bytes drawn mostly from lead and continuation ranges, so that many runs are well-formed, and
    // from printable ASCII, whose runs of eight are taken at once.
    let pool: [ClosedRange<UInt8>] = [
      0x00...0x7F, 0x80...0xBF, 0xC0...0xDF, 0xE0...0xEF, 0xF0...0xFF, 0x1B...0x20, 0x20...0x7E, 0x20...0x7F,
    ]
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...24, using: &random)).map { _ in
        UInt8.random(in: pool.randomElement(using: &random)!, using: &random)
      }
      #expect(Self.facts(bytes) == Self.standardFacts(bytes), "\(bytes)")
    }
  }

  @Test func everyScalarIsCountedAndTheFirstUnsafeOneFound() {
    let text = "Crème 抹茶 🍎\u{9B}x\u{202E}y\u{2066}"
    #expect(Self.facts(Array(text.utf8)) == .some(UTF8Facts(scalarCount: 15, firstUnsafe: 0x9B)))
  }
}
