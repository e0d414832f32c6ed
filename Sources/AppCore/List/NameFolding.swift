import Foundation

/// Folds names and filter queries to the bytes the filter compares: case and diacritics ignored, as
/// the app's first matcher, `String.range(of:options: [.caseInsensitive, .diacriticInsensitive])`,
/// ignored them, but computed once per name instead of once per name and key.
///
/// The rules, one Unicode scalar at a time:
/// - ASCII letters are lowercased; other ASCII stays.
/// - A combining mark (`Grapheme_Extend`: accents, enclosing marks, voicing marks) folds to nothing,
///   wherever it stands: `e` and U+0301 fold to `e`.
/// - Any other scalar folds as Foundation folds it alone (`folding(options: [.caseInsensitive,
///   .diacriticInsensitive], locale: nil)`): `É` to `e`, `İ` to `i`, `ß` to `ss`, `ﬁ` to `fi`; no width
///   folding, so full-width `Ａ` folds to `ａ`, not `a`.
/// - Conjoining Hangul jamo are first composed into syllables, so decomposed and precomposed Korean
///   fold alike.
///
/// A scalar that folds to more than one scalar (`ß` to `ss`) is one unit: a match may not begin or
/// end inside it, so `s` does not find `Maß`, while `ss` does, as with the first matcher. Its inner
/// positions are reported so that the index can refuse such matches.
///
/// Where this differs from the first matcher (each case is in `NameFoldingTests`): a query made only
/// of combining marks matches nothing, and one that starts with a mark ignores it; marks added to
/// Unicode after Foundation's own tables fold to nothing here; case pairs outside the Basic
/// Multilingual Plane (Deseret `𐐀` and `𐐨`) match here, and did not; names written in decomposed jamo
/// match only whole syllables.
///
/// Each folder remembers what it folded each non-ASCII scalar to, so folding a catalog asks
/// Foundation once per distinct scalar; ASCII never asks.
struct NameFolder {
  /// What a non-ASCII scalar folds to: `length` bytes of `pool` from `offset`; bit `k` of `inner` set
  /// when byte `k` begins a second or later scalar of the fold.
  private struct Entry {
    var offset: UInt32
    var length: UInt16
    var inner: UInt16
  }

  /// One more than the entry of each scalar below U+10000 seen so far (0: not yet), made at the first
  /// non-ASCII scalar.
  private var basic: [UInt32] = []
  /// The entries of scalars above U+FFFF.
  private var supplementary: [UInt32: UInt32] = [:]
  private var entries: [Entry] = []
  private var pool: [UInt8] = []
  /// Where one name is folded before it is appended, at least ``maximumGrowth`` times its length.
  private var scratch: [UInt8] = []

  /// How many bytes a scalar can fold to per byte of its own: three scalars of four bytes for a
  /// scalar of two bytes.
  private static let maximumGrowth = 6

  /// A folder with nothing remembered yet.
  init() {}

  /// Appends the folded bytes of `text` to `bytes`; and, counted in `bytes`, to `inner` every position
  /// at which a match may not begin or end, and to `expanded` the start and end of each scalar's fold
  /// that has such positions.
  mutating func fold(
    _ text: String, into bytes: inout [UInt8], inner: inout [UInt32], expanded: inout [UInt32]
  ) {
    var text = text
    text.withUTF8 { fold(utf8: $0, into: &bytes, inner: &inner, expanded: &expanded) }
  }

  /// `fold(_:into:inner:expanded:)` for text given as its UTF-8, which must be valid.
  mutating func fold(
    utf8: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8], inner: inout [UInt32],
    expanded: inout [UInt32]
  ) {
    let innerStart = inner.count
    let expandedStart = expanded.count
    if let length = fold(utf8: utf8, at: bytes.count, inner: &inner, expanded: &expanded, jamoComposed: false)
    {
      bytes.append(contentsOf: scratch[..<length])
      return
    }
    // Conjoining jamo: compose them first, then fold the syllables.
    inner.removeSubrange(innerStart...)
    expanded.removeSubrange(expandedStart...)
    var scalars = Array(String(decoding: utf8, as: UTF8.self).unicodeScalars)
    HangulJamo.compose(&scalars)
    var composed = String(String.UnicodeScalarView(scalars))
    let length = composed.withUTF8 {
      fold(utf8: $0, at: bytes.count, inner: &inner, expanded: &expanded, jamoComposed: true)
    }!
    bytes.append(contentsOf: scratch[..<length])
  }

  /// The folded bytes of a query.
  mutating func fold(query: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var inner: [UInt32] = []
    var expanded: [UInt32] = []
    fold(query, into: &bytes, inner: &inner, expanded: &expanded)
    return bytes
  }

  /// Folds `utf8`, valid UTF-8, into the first bytes of `scratch` and returns how many; the folded
  /// text will be appended at `base`, which inner positions count from. Returns `nil` at a
  /// conjoining jamo, unless `jamoComposed` says the jamo left are those that compose with nothing.
  private mutating func fold(
    utf8: UnsafeBufferPointer<UInt8>, at base: Int, inner: inout [UInt32], expanded: inout [UInt32],
    jamoComposed: Bool
  ) -> Int? {
    let capacity = utf8.count * Self.maximumGrowth
    var folded = scratch
    scratch = []
    if folded.count < capacity { folded = [UInt8](repeating: 0, count: max(capacity, 256)) }
    defer { scratch = folded }
    return folded.withUnsafeMutableBufferPointer { folded -> Int? in
      var output = 0
      var index = 0
      while index < utf8.count {
        let lead = utf8[index]
        if lead < 0x80 {
          folded[output] = lead &- 0x41 < 26 ? lead | 0x20 : lead
          output += 1
          index += 1
          continue
        }
        let (value, length) = Self.decode(utf8, at: index)
        if !jamoComposed, (0x1100...0x11FF).contains(value) { return nil }
        let entry = self.entry(for: value)
        if entry.inner != 0 {
          for bit in 0..<16 where entry.inner & (1 << bit) != 0 { inner.append(UInt32(base + output + bit)) }
          expanded += [UInt32(base + output), UInt32(base + output + Int(entry.length))]
        }
        var position = Int(entry.offset)
        for _ in 0..<entry.length {
          folded[output] = pool[position]
          output += 1
          position += 1
        }
        index += length
      }
      return output
    }
  }

  /// The scalar that begins at `index` (not ASCII) and how many bytes it takes.
  private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(utf8[index])
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F), 2) }
    let second = UInt32(utf8[index + 1] & 0x3F)
    let third = UInt32(utf8[index + 2] & 0x3F)
    if lead < 0xF0 { return ((lead & 0x0F) << 12 | second << 6 | third, 3) }
    let fourth = UInt32(utf8[index + 3] & 0x3F)
    return ((lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
  }

  private mutating func entry(for value: UInt32) -> Entry {
    if value < 0x10000 {
      if basic.isEmpty { basic = [UInt32](repeating: 0, count: 0x10000) }
      let known = basic[Int(value)]
      if known != 0 { return entries[Int(known) - 1] }
      basic[Int(value)] = UInt32(remember(value) + 1)
    } else {
      if let known = supplementary[value] { return entries[Int(known)] }
      supplementary[value] = UInt32(remember(value))
    }
    return entries[entries.count - 1]
  }

  /// Folds the scalar `value` with Foundation and keeps the result; returns its entry's index.
  private mutating func remember(_ value: UInt32) -> Int {
    let scalar = Unicode.Scalar(value)!
    var entry = Entry(offset: UInt32(pool.count), length: 0, inner: 0)
    if !scalar.properties.isGraphemeExtend {
      let text = String(Character(scalar)).folding(
        options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      var folded: [UInt8] = []
      for part in text.unicodeScalars where !part.properties.isGraphemeExtend {
        if !folded.isEmpty, folded.count < 16 { entry.inner |= 1 << folded.count }
        folded.append(contentsOf: String(part).utf8)
      }
      pool.append(contentsOf: folded)
      entry.length = UInt16(folded.count)
    }
    entries.append(entry)
    return entries.count - 1
  }
}
