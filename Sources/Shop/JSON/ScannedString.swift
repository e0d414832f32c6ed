/// What validation needs to know about a JSON string as read, without looking at it again.
struct TextFacts {
  /// How many Unicode scalars the text has.
  var length: Int
  /// The first code point of the text that `UntrustedText` escapes (raw or written as an escape).
  var firstUnsafe: UInt32?
  /// Why there is no text, if there is none.
  var problem: ScannedTextProblem?
}

/// A JSON string as read, with what validation needs to know about it without looking at it again.
struct ScannedString {
  /// Why a string has no text.
  typealias Problem = ScannedTextProblem

  /// The text, unescaped; empty when `problem` is set.
  var text: String
  /// How many Unicode scalars the text has.
  var length: Int
  /// The first code point of the text that `UntrustedText` escapes (raw or written as an escape).
  var firstUnsafe: UInt32?
  /// Why there is no text, if there is none.
  var problem: Problem?

  /// A string as read.
  init(text: String, length: Int, firstUnsafe: UInt32? = nil, problem: Problem? = nil) {
    self.text = text
    self.length = length
    self.firstUnsafe = firstUnsafe
    self.problem = problem
  }

  /// The facts about `text` that reading it would have found, for text that comes from code.
  init(checking text: String) {
    self.init(
      text: text, length: text.unicodeScalars.count, firstUnsafe: UntrustedText.firstUnsafeScalar(in: text))
  }

  /// Its facts, without the text.
  var facts: TextFacts { TextFacts(length: length, firstUnsafe: firstUnsafe, problem: problem) }
}

/// Why a scanned string has no text.
enum ScannedTextProblem: Equatable {
  /// Its bytes are not UTF-8.
  case invalidUTF8
  /// It holds a `\u` escape of a surrogate that is not half of a pair; the first such code unit.
  case unpairedSurrogate(UInt32)
}
