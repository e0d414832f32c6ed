/// A strict RFC 8259 reader over bytes in memory or a file read in pieces: the tokens, whitespace,
/// positions and errors that the catalog parser and the state-file check are built from.
///
/// Strict means: only the four whitespace bytes; numbers exactly as the grammar has them (no leading
/// zeros, no `1.`, `-`, `1e` or `+1`); no raw control character in a string; strings valid UTF-8 with
/// no unpaired surrogate escape; a UTF-8 byte order mark accepted at the very start (RFC 8259 section
/// 8.1 lets a parser ignore it) and nowhere else; nesting up to `JSONLimits.maximumNesting`; and, by
/// this project's rule, no object repeating a key (RFC 8259 section 4 leaves repeats to the parser;
/// Foundation's two readers disagree on which one wins, so the shop refuses them).
struct JSONReader<Failure: JSONFailure> {
  /// The bytes in view; from a file, a window that moves as the reader asks for more.
  private(set) var bytes: UnsafeBufferPointer<UInt8>
  /// The index in `bytes` of the next byte to read.
  var position = 0
  /// The index in `bytes` of the start of the token being read: bytes from here on stay in view, so
  /// that an error can point at where the token began.
  var mark: Int?
  private let window: JSONFileWindow?
  /// How many bytes of the input came before `bytes[0]` (lines are counted only for an error, from
  /// the file itself).
  private var droppedBytes = 0
  /// The size of the whole input as announced when reading began (a file's size): for estimates only.
  let announcedSize: Int

  /// A reader over bytes that stay valid and unchanged while it reads.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    window = nil
    announcedSize = bytes.count
  }

  /// A reader over `file` from `offset` on, read in pieces; positions and lines count from the start
  /// of the file.
  init(file: consuming RegularFile, startingAt offset: Int = 0) {
    announcedSize = file.size
    let window = JSONFileWindow(file: file, startingAt: offset)
    self.window = window
    bytes = window.bytes
    droppedBytes = offset
  }

  /// Goes on reading at `offset` from the start of the file, past bytes read elsewhere (only for a
  /// reader over a file, between tokens).
  mutating func move(toAbsoluteOffset offset: Int) {
    guard let window else { preconditionFailure("only a reader over a file moves") }
    precondition(mark == nil, "moved inside a token")
    window.move(to: offset)
    bytes = window.bytes
    position = 0
    droppedBytes = offset
  }

  /// Brings more of the input into view, keeping `bytes[requested...]` and everything from `mark`;
  /// returns how far indexes moved down (`position` and `mark` are moved; subtract it from any other
  /// index kept), or nil at the end of the input.
  mutating func refill(keepingFrom requested: Int) throws(Failure) -> Int? {
    guard let window else { return nil }
    let keep = min(requested, mark ?? requested)
    let advanced: Bool
    do {
      advanced = try window.advance(droppingBefore: keep)
    } catch {
      throw .unreadable(error)
    }
    guard advanced else { return nil }
    droppedBytes += keep
    bytes = window.bytes
    position -= keep
    mark = mark.map { $0 - keep }
    return keep
  }

  /// Whether at least `count` bytes are in view from `position`, reading more if needed.
  mutating func ensureAvailable(_ count: Int) throws(Failure) -> Bool {
    while bytes.count - position < count {
      guard try refill(keepingFrom: position) != nil else { return false }
    }
    return true
  }

  /// The next byte, or 0 at the end of the input (0 never starts valid JSON).
  @inline(__always)
  mutating func peek() throws(Failure) -> UInt8 {
    if position < bytes.count { return bytes[position] }
    return try ensureAvailable(1) ? bytes[position] : 0
  }

  /// Skips spaces, tabs, line feeds and carriage returns: the only whitespace JSON has.
  @inline(__always)
  mutating func skipWhitespace() throws(Failure) {
    // Most calls find a token at once: no space at all, or a single one.
    if position < bytes.count, bytes[position] > 0x20 { return }
    if position + 1 < bytes.count, bytes[position] == 0x20, bytes[position + 1] > 0x20 {
      position += 1
      return
    }
    try skipWhitespaceRun()
  }

  private mutating func skipWhitespaceRun() throws(Failure) {
    while true {
      while position < bytes.count {
        switch bytes[position] {
        case 0x20, 0x0A, 0x0D, 0x09: position += 1
        default: return
        }
      }
      guard try refill(keepingFrom: position) != nil else { return }
    }
  }

  /// Skips a UTF-8 byte order mark at the very start of the input.
  mutating func skipByteOrderMark() throws(Failure) {
    guard droppedBytes == 0, position == 0, try ensureAvailable(3) else { return }
    if bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
  }

  /// Whether the input ends here.
  mutating func isAtEnd() throws(Failure) -> Bool {
    try !ensureAvailable(1)
  }

  /// Consumes `byte` if it comes next (after whitespace); otherwise throws `expected`.
  mutating func expect(_ byte: UInt8, _ expected: @autoclosure () -> String) throws(Failure) {
    try skipWhitespace()
    guard try peek() == byte else {
      throw syntaxError(try isAtEnd() ? "unexpected end of input" : expected())
    }
    position += 1
  }

  /// Consumes `true`, `false` or `null`; throws unless one comes next.
  mutating func skipLiteral() throws(Failure) {
    let word: StaticString
    switch try peek() {
    case UInt8(ascii: "t"): word = "true"
    case UInt8(ascii: "f"): word = "false"
    case UInt8(ascii: "n"): word = "null"
    default: throw syntaxError(try isAtEnd() ? "unexpected end of input" : "expected a value")
    }
    guard try matches(word) else { throw syntaxError("expected a value") }
    position += word.utf8CodeUnitCount
  }

  private mutating func matches(_ word: StaticString) throws(Failure) -> Bool {
    guard try ensureAvailable(word.utf8CodeUnitCount) else { return false }
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for offset in 0..<expected.count where bytes[position + offset] != expected[offset] { return false }
    return true
  }

  /// The error for what is wrong at `index` (by default the current position).
  func syntaxError(_ detail: String, at index: Int? = nil) -> Failure {
    let (line, column) = lineAndColumn(of: index ?? position)
    return .syntax(detail, line: line, column: column)
  }

  /// The error for what is wrong at `offset` from the start of the input, which may be out of view.
  func syntaxError(_ detail: String, atAbsoluteOffset offset: Int) -> Failure {
    guard offset < droppedBytes, let window else { return syntaxError(detail, at: offset - droppedBytes) }
    let (newlines, lineStart) = window.newlines(before: offset)
    return .syntax(detail, line: newlines + 1, column: offset - lineStart + 1)
  }

  /// The offset of `bytes[index]` from the start of the input: stable while the window moves.
  func absoluteOffset(of index: Int) -> Int { droppedBytes + index }

  /// The error for a repeated key that starts at `offset` in the input (an `absoluteOffset(of:)`
  /// taken before reading the key, which stays in view while it is read).
  func duplicateKeyError(_ key: String, startingAt offset: Int) -> Failure {
    let (line, column) = lineAndColumn(of: offset - droppedBytes)
    return .duplicateKey(key, line: line, column: column)
  }

  /// The 1-based line and byte column of `bytes[index]` in the whole input. Bytes already dropped
  /// from view are read again from the file to count their lines: errors are rare, reading is not.
  func lineAndColumn(of index: Int) -> (line: Int, column: Int) {
    var (newlines, lineStart) = window?.newlines(before: droppedBytes) ?? (0, 0)
    let inView = UnsafeBufferPointer(rebasing: bytes[..<min(index, bytes.count)])
    newlines += inView.lineFeedCount
    if let last = inView.lastIndex(of: 0x0A) { lineStart = droppedBytes + last + 1 }
    return (newlines + 1, droppedBytes + index - lineStart + 1)
  }
}
