import Foundation
import Shop
import Testing

@testable import AppCore

/// The filter's folding against the matcher it replaces, `String.range(of:options:
/// [.caseInsensitive, .diacriticInsensitive])`: a table of tricky names, the built-in catalog, and
/// random names and queries. Where the two differ on purpose, the table says so in both columns.
@Suite struct NameFoldingTests {
  /// One name, one query: whether the filter finds it, and whether the first matcher did.
  struct Row: CustomStringConvertible {
    let name: String
    let query: String
    let here: Bool
    let before: Bool
    let why: String

    var description: String { "\(why): \(name.debugDescription) holding \(query.debugDescription)" }
  }

  /// Whether the filter finds `query` in `name`.
  static func filterFinds(_ query: String, in name: String) -> Bool {
    var folder = NameFolder()
    let folded = folder.fold(query: query)
    return FoldedNames(names: [name]).search(folded, among: nil, isCancelled: { false }) == [0]
  }

  /// Whether the first matcher found `query` in `name`.
  static func foundationFinds(_ query: String, in name: String) -> Bool {
    name.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
  }

  static let agreeing: [Row] = [
    Row(name: "Crème fraîche", query: "creme", here: true, before: true, why: "accents"),
    Row(name: "Crème fraîche", query: "CRÈME FRAÎ", here: true, before: true, why: "case and accents"),
    Row(name: "Cre\u{300}me", query: "crème", here: true, before: true, why: "decomposed name"),
    Row(name: "Crème", query: "cre\u{300}me", here: true, before: true, why: "decomposed query"),
    Row(name: "Äpfel", query: "a\u{308}p", here: true, before: true, why: "decomposed query"),
    Row(name: "e\u{301}\u{302}x", query: "ex", here: true, before: true, why: "two marks"),
    Row(name: "x\u{20DD}y", query: "xy", here: true, before: true, why: "enclosing mark"),
    Row(name: "Straße", query: "strasse", here: true, before: true, why: "ß folds to ss"),
    Row(name: "STRASSE", query: "straße", here: true, before: true, why: "ß in the query"),
    Row(name: "Straße", query: "ß", here: true, before: true, why: "ß alone"),
    Row(name: "Straße", query: "sse", here: true, before: true, why: "ß, whole, inside a match"),
    Row(name: "Maß", query: "s", here: false, before: false, why: "half of ß at the end"),
    Row(name: "Straße", query: "s", here: true, before: true, why: "a whole s beside a ß"),
    Row(name: "Maß", query: "a", here: true, before: true, why: "a letter beside a ß"),
    Row(name: "Straße", query: "se", here: false, before: false, why: "a match from inside ß"),
    Row(name: "ẞ", query: "ss", here: true, before: true, why: "capital ß"),
    Row(name: "ﬁsh", query: "fi", here: true, before: true, why: "ﬁ ligature"),
    Row(name: "fish", query: "ﬁ", here: true, before: true, why: "ﬁ ligature in the query"),
    Row(name: "ﬁsh", query: "f", here: false, before: false, why: "half a ligature"),
    Row(name: "ﬁsh", query: "ish", here: false, before: false, why: "a match from inside a ligature"),
    Row(name: "oﬃce", query: "office", here: true, before: true, why: "ﬃ ligature"),
    Row(name: "ﬃ", query: "ff", here: false, before: false, why: "two thirds of a ligature"),
    Row(name: "ŉ", query: "n", here: false, before: false, why: "ŉ folds to ʼn, one unit"),
    Row(name: "İstanbul", query: "istanbul", here: true, before: true, why: "dotted capital I"),
    Row(name: "istanbul", query: "İ", here: true, before: true, why: "dotted capital I in the query"),
    Row(name: "ISTANBUL", query: "ı", here: false, before: false, why: "dotless i is its own letter"),
    Row(name: "ıstanbul", query: "i", here: false, before: false, why: "dotless i is its own letter"),
    Row(name: "한국어", query: "한", here: true, before: true, why: "Hangul syllable"),
    Row(name: "한국어", query: "\u{1112}\u{1161}\u{11AB}", here: true, before: true, why: "syllable as jamo"),
    Row(name: "한국어", query: "하", here: false, before: false, why: "part of a syllable"),
    Row(name: "한국어", query: "ᄒ", here: false, before: false, why: "one jamo of a syllable"),
    Row(
      name: "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", query: "국", here: true, before: true,
      why: "jamo name"),
    Row(name: "ＡＢＣ", query: "ａｂ", here: true, before: true, why: "full-width letters fold case"),
    Row(name: "ＡＢＣ", query: "abc", here: false, before: false, why: "no width folding"),
    Row(name: "ｶﾞ", query: "ｶ", here: true, before: true, why: "half-width voicing mark"),
    Row(name: "カ\u{3099}", query: "カ", here: true, before: true, why: "decomposed voicing mark"),
    Row(name: "ガ", query: "カ", here: false, before: false, why: "precomposed kana keeps its mark"),
    Row(name: "抹茶 Matcha", query: "抹茶", here: true, before: true, why: "CJK"),
    Row(name: "抹茶 Matcha", query: "MATCHA", here: true, before: true, why: "after CJK"),
    Row(name: "ラーメン 拉麺", query: "麺", here: true, before: true, why: "CJK at the end"),
    Row(name: "Œuvre", query: "oe", here: false, before: false, why: "Œ is a letter, not a ligature"),
    Row(name: "Øl", query: "ol", here: false, before: false, why: "Ø has no decomposition"),
    Row(name: "Łódź", query: "lodz", here: false, before: false, why: "Ł has no decomposition"),
    Row(name: "Łódź", query: "łodz", here: true, before: true, why: "Ł folds case only"),
    Row(name: "\u{212B}", query: "a", here: true, before: true, why: "Ångström sign"),
    Row(name: "\u{212A}", query: "k", here: true, before: true, why: "Kelvin sign"),
    Row(name: "Ǆemal", query: "ǆ", here: true, before: true, why: "DŽ digraph folds case"),
    Row(name: "ǅ", query: "d", here: false, before: false, why: "digraph is one letter"),
    Row(name: "ΣΊΣΥΦΟΣ", query: "σίσυφος", here: true, before: true, why: "Greek, final sigma"),
    Row(name: "ᾧ", query: "ω", here: true, before: true, why: "Greek with iota subscript"),
    Row(name: "ᾧ", query: "ωι", here: false, before: false, why: "iota subscript is a mark"),
    Row(name: "👨‍👩‍👧", query: "👩", here: true, before: true, why: "emoji sequence"),
    Row(name: "👍🏽", query: "👍", here: true, before: true, why: "emoji modifier"),
    Row(name: "a b", query: " ", here: true, before: true, why: "a space"),
  ]

  static let differing: [Row] = [
    Row(
      name: "crème", query: "\u{300}m", here: true, before: false, why: "a query's leading mark folds away"),
    Row(
      name: "x\u{300}", query: "\u{300}", here: false, before: true, why: "a query of marks matches nothing"),
    Row(name: "ｶﾞ", query: "ﾞ", here: false, before: true, why: "a query of marks matches nothing"),
    Row(name: "\u{10400}", query: "\u{10428}", here: true, before: false, why: "a case pair above U+FFFF"),
    Row(
      name: "\u{1112}\u{1161}\u{11AB}", query: "\u{1112}", here: false, before: true,
      why: "decomposed jamo compose into whole syllables"),
    Row(
      name: "\u{1112}\u{1161}\u{11AB}", query: "하", here: false, before: true,
      why: "decomposed jamo compose into whole syllables"),
    Row(
      name: "a\u{1AD0}b", query: "ab", here: true, before: false, why: "a mark newer than Foundation's tables"
    ),
    // Foundation accepts half of a query character that folds to two when the name's next character
    // is a precomposed non-ASCII one: `ß` finds `sä`, though `sä` holds no `ss`.
    Row(name: "sä", query: "ß", here: false, before: true, why: "Foundation matched half of ß"),
    Row(name: "sЖ", query: "ẞ", here: false, before: true, why: "Foundation matched half of ẞ"),
    Row(name: "fè", query: "ﬁ", here: false, before: true, why: "Foundation matched half of ﬁ"),
  ]

  @Test(arguments: agreeing)
  func agreesWithTheFirstMatcher(_ row: Row) {
    #expect(Self.filterFinds(row.query, in: row.name) == row.here)
    #expect(Self.foundationFinds(row.query, in: row.name) == row.before, "the first matcher changed")
  }

  @Test(arguments: differing)
  func differsFromTheFirstMatcherOnPurpose(_ row: Row) {
    #expect(Self.filterFinds(row.query, in: row.name) == row.here)
    #expect(Self.foundationFinds(row.query, in: row.name) == row.before, "the first matcher changed")
  }

  @Test func agreesOnTheBuiltInCatalogForEveryPieceOfEveryName() {
    let names = Catalog.builtIn.items.map(\.name)
    var queries: Set<String> = ["a", "e", " ", "xyz", "ä", "É", "ss", "抹", "ラ"]
    for name in names {
      let characters = Array(name)
      for start in characters.indices {
        for end in (start + 1)...min(characters.count, start + 4) {
          let piece = String(characters[start..<end])
          queries.formUnion([piece, piece.uppercased(), piece.lowercased(), Self.stripped(piece)])
        }
      }
    }
    var checked = 0
    for name in names {
      for query in queries {
        #expect(
          Self.filterFinds(query, in: name) == Self.foundationFinds(query, in: name),
          "\(name.debugDescription) holding \(query.debugDescription)")
        checked += 1
      }
    }
    #expect(checked > 1000)
  }

  @Test func agreesOnRandomNamesAndQueries() {
    var random = SplitMix64(seed: 0xF01D)
    var outcomes: [Bool: Int] = [:]
    for _ in 0..<3000 {
      let name = Self.randomText(length: Int.random(in: 1...8, using: &random), using: &random)
      let query: String
      if Bool.random(using: &random) {
        // A piece of the name, in other case or accents: often found.
        let characters = Array(name)
        let start = Int.random(in: 0..<characters.count, using: &random)
        let end = Int.random(in: (start + 1)...characters.count, using: &random)
        query = String(characters[start..<end]).uppercased()
      } else {
        query = Self.randomText(length: Int.random(in: 1...3, using: &random), using: &random)
      }
      // Leading marks, and query characters that fold to several, are where the two differ on
      // purpose (the table above).
      guard let first = query.unicodeScalars.first, !first.properties.isGraphemeExtend,
        !query.contains(where: { Self.expanding.contains($0) })
      else { continue }
      let found = Self.filterFinds(query, in: name)
      #expect(
        found == Self.foundationFinds(query, in: name),
        "\(name.debugDescription) holding \(query.debugDescription)")
      outcomes[found, default: 0] += 1
    }
    #expect(outcomes[true, default: 0] > 500 && outcomes[false, default: 0] > 500, "\(outcomes)")
  }

  @Test func foldingIsLowercaseWithoutAccentsInOneBuffer() {
    let names = FoldedNames(names: ["Crème", "ÀB", "Straße"])
    #expect(Array(names.name(0)) == Array("creme".utf8))
    #expect(Array(names.name(1)) == Array("ab".utf8))
    #expect(Array(names.name(2)) == Array("strasse".utf8))
    #expect(names.bytes == Array("creme\0ab\0strasse\0".utf8), "one buffer, a zero after each name")
    #expect(names.innerEdges.positions == [UInt32(Array("creme\0ab\0stras".utf8).count)], "inside ß")
  }

  /// The characters of ``randomText(length:using:)`` that fold to more than one scalar.
  static let expanding: Set<Character> = ["ß", "ẞ", "ﬁ", "ﬀ", "ﬃ"]

  /// `text` with its combining marks removed.
  static func stripped(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
          !$0.properties.isGraphemeExtend
        }))
  }

  /// Random text from pieces on which the two matchers are meant to agree: ASCII, precomposed and
  /// decomposed accents, ß and ligatures, Turkish i, Greek, Cyrillic, Hangul syllables, kana, CJK,
  /// full-width letters.
  static func randomText(length: Int, using random: inout SplitMix64) -> String {
    let pieces = [
      "a", "b", "e", "s", "i", "f", "o", "A", "E", "S", "I", "F", " ", "-", "1", "é", "É", "e\u{301}", "è",
      "ä", "a\u{308}", "ß", "ẞ", "ﬁ", "ﬀ", "ﬃ", "İ", "ı", "σ", "Σ", "ς", "ж", "Ж", "한", "국", "カ", "ガ",
      "抹", "茶", "Ａ", "ａ", "ø", "Œ", "ǅ",
    ]
    return (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined()
  }
}
