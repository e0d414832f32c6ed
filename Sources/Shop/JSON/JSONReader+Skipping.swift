extension JSONReader {
  /// Reads and discards the value that comes next, checking it as strictly as any other (see
  /// `JSONReader`); `depth` is the number of arrays and objects around it.
  mutating func skipValue(depth: Int) throws(Failure) {
    try skipWhitespace()
    switch try peek() {
    case UInt8(ascii: "\""): _ = try readString(strict: true)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try readNumber()
    case UInt8(ascii: "{"), UInt8(ascii: "["): try skipContainer(depth: depth)
    default: try skipLiteral()
    }
  }

  /// Skips the object or array that starts next, without recursion: each open one is a stack entry,
  /// holding the keys seen so far for an object and nil for an array.
  private mutating func skipContainer(depth: Int) throws(Failure) {
    var open: [Set<String>?] = []
    try openContainer(&open, depth: depth)
    var justOpened = true
    while let keys = open.last {
      let isObject = keys != nil
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
      if isObject { try readKey(into: &open) }
      try skipWhitespace()
      switch try peek() {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        try openContainer(&open, depth: depth)
        justOpened = true
        continue
      case UInt8(ascii: "\""): _ = try readString(strict: true)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try readNumber()
      default: try skipLiteral()
      }
      justOpened = false
    }
  }

  private mutating func openContainer(_ open: inout [Set<String>?], depth: Int) throws(Failure) {
    guard depth + open.count < JSONLimits.maximumNesting else {
      throw syntaxError("nested more than \(JSONLimits.maximumNesting) levels deep")
    }
    open.append(bytes[position] == UInt8(ascii: "{") ? [] : nil)
    position += 1
  }

  /// Reads `"key":` in the innermost open object, refusing a key it already has.
  private mutating func readKey(into open: inout [Set<String>?]) throws(Failure) {
    try skipWhitespace()
    guard try peek() == UInt8(ascii: "\"") else {
      throw syntaxError("expected a quoted key")
    }
    let keyStart = absoluteOffset(of: position)
    let key = try readString(strict: true).text
    guard open[open.count - 1]!.insert(key).inserted else {
      throw duplicateKeyError(key, startingAt: keyStart)
    }
    try expect(UInt8(ascii: ":"), "expected ':' after a key")
  }
}
