/// What validation needs to know about a JSON string as read, without looking at it again.
struct TextFacts {
  /// How many Unicode scalars the text has.
  var length: Int
  /// The first code point of the text that `UntrustedText` escapes (raw or written as an escape).
  var firstUnsafe: UInt32?
  /// Why there is no text, if there is none.
  var problem: ScannedTextProblem?
}

/// A JSON string as read: its text and its facts.
struct ScannedString {
  /// The text, unescaped; empty when `facts.problem` is set, its start when that is `.tooLong`.
  var text: String
  /// What validation needs to know about the text.
  var facts: TextFacts

  /// How many Unicode scalars the text has.
  var length: Int { facts.length }
  /// Why there is no text, if there is none.
  var problem: ScannedTextProblem? { facts.problem }

  /// A string as read.
  init(text: String, facts: TextFacts) {
    self.text = text
    self.facts = facts
  }

  /// The facts about `text` that reading it would have found, for text that comes from code.
  init(checking text: String) {
    self.init(
      text: text,
      facts: TextFacts(
        length: text.unicodeScalars.count, firstUnsafe: UntrustedText.firstUnsafeScalar(in: text)))
  }
}

/// Why a scanned string has no text (or, past its limit, only the start of it).
enum ScannedTextProblem: Equatable {
  /// Its bytes are not UTF-8.
  case invalidUTF8
  /// It holds a `\u` escape of a surrogate that is not half of a pair; the first such code unit.
  case unpairedSurrogate(UInt32)
  /// It is longer than the limit it was read with: it was not read to its end, and the text is its
  /// first scalars, as many as the limit.
  case tooLong
}
