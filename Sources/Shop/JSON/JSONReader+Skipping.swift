extension JSONReader {
  /// Reads and discards the value that comes next, checking it as strictly as any other (see
  /// `JSONReader`); `depth` is the number of arrays and objects around it.
  ///
  /// Nothing is built for it, whatever its size: strings are checked as they pass and not kept, and
  /// objects nobody reads are not checked for repeated keys (that would mean keeping their keys).
  mutating func skipValue(depth: Int) throws(Failure) {
    try skipWhitespace()
    switch try peek() {
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
    case UInt8(ascii: "{"), UInt8(ascii: "["): try skipContainer(depth: depth)
    default: try skipLiteral()
    }
  }

  /// Skips the object or array that starts next, without recursion: each open one is a stack entry,
  /// true for an object.
  private mutating func skipContainer(depth: Int) throws(Failure) {
    var open: [Bool] = []
    try openContainer(&open, depth: depth)
    var justOpened = true
    while let isObject = open.last {
      try skipWhitespace()
      let next = try peek()
      // A closer is allowed here: right after the opener, or after a value (never after a comma,
      // since an element is read at once after each comma).
      if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
        position += 1
        open.removeLast()
        justOpened = false
        continue
      }
      if !justOpened {
        guard next == UInt8(ascii: ",") else {
          throw syntaxError(
            try isAtEnd()
              ? "unexpected end of input" : isObject ? "expected ',' or '}'" : "expected ',' or ']'")
        }
        position += 1
      }
      if isObject { try skipKey() }
      try skipWhitespace()
      switch try peek() {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        try openContainer(&open, depth: depth)
        justOpened = true
        continue
      case UInt8(ascii: "\""): try skipString()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
      default: try skipLiteral()
      }
      justOpened = false
    }
  }

  private mutating func openContainer(_ open: inout [Bool], depth: Int) throws(Failure) {
    guard depth + open.count < JSONLimits.maximumNesting else {
      throw syntaxError("nested more than \(JSONLimits.maximumNesting) levels deep")
    }
    open.append(bytes[position] == UInt8(ascii: "{"))
    position += 1
  }

  /// Reads past `"key":` in an object nobody reads.
  private mutating func skipKey() throws(Failure) {
    try skipWhitespace()
    guard try peek() == UInt8(ascii: "\"") else {
      throw syntaxError("expected a quoted key")
    }
    try skipString()
    try expect(UInt8(ascii: ":"), "expected ':' after a key")
  }

  /// Reads past the string whose opening quote is next, checking it as `readString(strict: true)`
  /// does, with the same errors, but keeping none of it: only the bytes of one escape or one
  /// character stay in view.
  mutating func skipString() throws(Failure) {
    let stringStart = absoluteOffset(of: position)
    position += 1
    var invalidUTF8 = false
    var scratch: [UInt8] = []
    while true {
      while position + 8 <= bytes.count, !Self.mayNeedAttention(bytes, at: position) { position += 8 }
      guard position < bytes.count else {
        guard try refill(keepingFrom: position) != nil else { throw syntaxError("unterminated string") }
        continue
      }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        // As `readString` does: a raw control, a bad escape or the end of the input after bad UTF-8
        // is reported first; bad UTF-8 only once the string is known to end.
        if invalidUTF8 { throw syntaxError("invalid UTF-8 in a string", atAbsoluteOffset: stringStart) }
        return
      case UInt8(ascii: "\\"):
        scratch.removeAll(keepingCapacity: true)
        if let unpaired = try appendEscape(to: &scratch) {
          throw syntaxError(
            "unpaired surrogate \\u\(String(unpaired, radix: 16, uppercase: true)) in a string",
            at: position - 6)
        }
      case 0..<0x20: throw rawControlError(byte, at: position)
      case 0x20..<0x80: position += 1
      default:
        let length = try validSequenceLength()
        if length == 0 {
          invalidUTF8 = true
          position += 1
        } else {
          position += length
        }
      }
    }
  }

  /// Reads past the number that starts next, checking it as `readNumber` does, with the same errors,
  /// but keeping none of it: a number of any length costs no memory.
  mutating func skipNumber() throws(Failure) {
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    let negative = try peek() == UInt8(ascii: "-")
    if negative { position += 1 }
    let digitsStart = absoluteOffset(of: position)
    let first = try peek()
    guard isDigit(first) else {
      throw syntaxError(negative ? "expected a digit after '-'" : "expected a value")
    }
    position += 1
    if first == UInt8(ascii: "0") {
      if isDigit(try peek()) {
        throw syntaxError("a number must not start with 0 unless it is 0", atAbsoluteOffset: digitsStart)
      }
    } else {
      while isDigit(try peek()) { position += 1 }
    }
    if try peek() == UInt8(ascii: ".") {
      position += 1
      guard isDigit(try peek()) else { throw syntaxError("expected a digit after '.'") }
      while isDigit(try peek()) { position += 1 }
    }
    if try peek() | 0x20 == UInt8(ascii: "e") {
      position += 1
      let sign = try peek()
      if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
      guard isDigit(try peek()) else { throw syntaxError("expected a digit in the exponent") }
      while isDigit(try peek()) { position += 1 }
    }
    let next = try peek()
    if Self.mayBeInNumber(next) { throw syntaxError("unexpected character in a number") }
  }

  /// The length of the well-formed UTF-8 sequence at `position` (whose first byte is from 0x80 up),
  /// or 0 if it is not one, by the rules `UTF8Facts` follows.
  private mutating func validSequenceLength() throws(Failure) -> Int {
    let lead = bytes[position]
    let length: Int
    let low: UInt8
    let high: UInt8
    switch lead {
    case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
    case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
    case 0xED: (length, low, high) = (3, 0x80, 0x9F)
    case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
    case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
    case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
    default: return 0
    }
    // Cut short by the end of the input: bad, and the string is then unterminated.
    guard try ensureAvailable(length) else { return 0 }
    let second = bytes[position + 1]
    guard second >= low, second <= high else { return 0 }
    for offset in 2..<max(2, length) where bytes[position + offset] & 0xC0 != 0x80 { return 0 }
    return length
  }
}
