extension JSONReader {
  /// Reads the string whose opening quote is next.
  ///
  /// With `strict`, any raw control character, invalid UTF-8 or unpaired surrogate is a syntax error
  /// (for keys and values nobody looks at). Without it, they are reported in the result so that the
  /// caller can name the field they are in; the result has no text when `problem` is set, except
  /// `.tooLong` (see `readString(strict:maximumLength:_:)`).
  mutating func readString(strict: Bool, maximumLength: Int = .max) throws(Failure) -> ScannedString {
    var text = ""
    let facts = try readString(strict: strict, maximumLength: maximumLength) {
      text = String(decoding: $0, as: UTF8.self)
    }
    return ScannedString(text: text, facts: facts)
  }

  /// `readString(strict:)`, handing the string's UTF-8, unescaped and checked, to `take` (which is not
  /// called when `problem` is set) instead of making a `String` of it. Not generic: a debug build
  /// would look up generic metadata at every string.
  ///
  /// A string of more than `maximumLength` Unicode scalars is not read to its end: once the limit is
  /// passed, `take` gets its first `maximumLength` scalars, the result's problem is `.tooLong`, and the
  /// reader stands inside the string, so the caller must stop reading and refuse it. Whether it is
  /// refused does not depend on how the input is read (in memory or in pieces); at most a few times
  /// `maximumLength` bytes of it are ever in view.
  mutating func readString(
    strict: Bool, maximumLength: Int = .max, _ take: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(Failure) -> TextFacts {
    mark = position
    defer { mark = nil }
    position += 1
    var start = position
    var plain = true
    var index = position
    while true {
      while index < bytes.count {
        // Once the string is known not to be plain ASCII, only its end, an escape or a control byte
        // stops the scan: the rest of a name in another script is passed over eight bytes at a time.
        if plain {
          while index + 8 <= bytes.count, !Self.mayNeedAttention(bytes, at: index) { index += 8 }
        } else {
          while index + 8 <= bytes.count, !Self.mayEndOrNeedEscape(bytes, at: index) { index += 8 }
        }
        guard index < bytes.count else { break }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          position = index + 1
          return try finishString(
            UnsafeBufferPointer(rebasing: bytes[start..<index]), plain: plain, strict: strict,
            maximumLength: maximumLength, take)
        }
        if byte == UInt8(ascii: "\\") {
          position = index
          return try readEscapedString(
            prefix: UnsafeBufferPointer(rebasing: bytes[start..<index]), strict: strict,
            maximumLength: maximumLength, take)
        }
        // Bytes below 0x20 and from 0x7F up: controls, DEL and every byte of a multi-byte character.
        if byte &- 0x20 >= 0x5F {
          if byte < 0x20 && strict { throw rawControlError(byte, at: index) }
          plain = false
        }
        index += 1
      }
      position = index
      // Before more is read: a string already past its limit is refused here, not kept in view.
      if index - start > maximumLength,
        let facts = try pastLimit(
          UnsafeBufferPointer(rebasing: bytes[start..<index]), strict: strict, maximumLength: maximumLength,
          take)
      {
        return facts
      }
      guard let shift = try refill(keepingFrom: start) else { throw syntaxError("unterminated string") }
      start -= shift
      index -= shift
    }
  }

  /// The facts of a string whose UTF-8 as far as it was read (escapes decoded) is `read`, if that is
  /// already more than `maximumLength` scalars: `take` gets the first `maximumLength` of them. Nil
  /// when it is not past the limit.
  private func pastLimit(
    _ read: UnsafeBufferPointer<UInt8>, strict: Bool, maximumLength: Int,
    _ take: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(Failure) -> TextFacts? {
    // Every scalar starts with a byte that is not a continuation byte (10xxxxxx).
    var scalars = 0
    var cut: Int?
    for index in read.indices where read[index] & 0xC0 != 0x80 {
      if scalars == maximumLength {
        cut = index
        break
      }
      scalars += 1
    }
    guard let cut else { return nil }
    let prefix = UnsafeBufferPointer(rebasing: read[..<cut])
    guard let facts = UTF8Facts(prefix) else {
      if strict { throw syntaxError("invalid UTF-8 in a string", at: mark!) }
      return TextFacts(length: 0, problem: .invalidUTF8)
    }
    take(prefix)
    return TextFacts(length: maximumLength + 1, firstUnsafe: facts.firstUnsafe, problem: .tooLong)
  }

  private func finishString(
    _ raw: UnsafeBufferPointer<UInt8>, plain: Bool, strict: Bool, maximumLength: Int,
    _ take: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(Failure) -> TextFacts {
    if raw.count > maximumLength,
      let facts = try pastLimit(raw, strict: strict, maximumLength: maximumLength, take)
    {
      return facts
    }
    if plain {
      take(raw)
      return TextFacts(length: raw.count)
    }
    // Checked and measured in one pass here; `String(decoding:)` then finds nothing to repair.
    guard let facts = UTF8Facts(raw) else {
      if strict { throw syntaxError("invalid UTF-8 in a string", at: mark!) }
      return TextFacts(length: 0, problem: .invalidUTF8)
    }
    take(raw)
    return TextFacts(length: facts.scalarCount, firstUnsafe: facts.firstUnsafe)
  }

  /// The rest of a string with escapes, from the backslash at `position`; `prefix` came before it.
  private mutating func readEscapedString(
    prefix: UnsafeBufferPointer<UInt8>, strict: Bool, maximumLength: Int,
    _ take: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(Failure) -> TextFacts {
    var decoded = Array(prefix)
    var problem: ScannedTextProblem?
    // Each byte adds at most one scalar: the limit cannot be passed before `decoded` is longer.
    var checkAt = maximumLength
    while true {
      if decoded.count > checkAt {
        if let facts = try decoded.withUnsafeBufferPointer({ (read) throws(Failure) in
          try pastLimit(read, strict: strict, maximumLength: maximumLength, take)
        }) {
          return problem.map { TextFacts(length: 0, problem: $0) } ?? facts
        }
        let scalars = decoded.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        checkAt = decoded.count + (maximumLength - scalars)
      }
      guard try ensureAvailable(1) else { throw syntaxError("unterminated string") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        guard problem == nil, let facts = decoded.withUnsafeBufferPointer(UTF8Facts.init) else {
          let found = problem ?? .invalidUTF8
          if strict { throw syntaxError("invalid UTF-8 in a string", at: mark!) }
          return TextFacts(length: 0, problem: found)
        }
        decoded.withUnsafeBufferPointer(take)
        return TextFacts(length: facts.scalarCount, firstUnsafe: facts.firstUnsafe)
      case UInt8(ascii: "\\"):
        if let unpaired = try appendEscape(to: &decoded), problem == nil {
          if strict { throw unpairedSurrogateError(unpaired) }
          problem = .unpairedSurrogate(unpaired)
        }
      default:
        if byte < 0x20 && strict { throw rawControlError(byte, at: position) }
        decoded.append(byte)
        position += 1
      }
    }
  }

  /// Decodes the escape at `position` into `buffer`; returns the code unit of an unpaired surrogate,
  /// which is not appended.
  mutating func appendEscape(to buffer: inout [UInt8]) throws(Failure) -> UInt32? {
    guard try ensureAvailable(2) else { throw syntaxError("unterminated string") }
    let escaped = bytes[position + 1]
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try hex4(at: position + 2)
      position += 6
      var scalar = unit
      if (0xDC00...0xDFFF).contains(unit) { return unit }
      if (0xD800...0xDBFF).contains(unit) {
        guard try ensureAvailable(6), bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { return unit }
        let low = try hex4(at: position + 2)
        guard (0xDC00...0xDFFF).contains(low) else { return unit }
        position += 6
        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      }
      buffer.append(contentsOf: String(Unicode.Scalar(scalar)!).utf8)
      return nil
    default:
      throw syntaxError(
        "unknown escape \\\(UntrustedText.escaped(String(decoding: [escaped], as: UTF8.self)))")
    }
    position += 2
    return nil
  }

  /// The four hexadecimal digits at `index`.
  private mutating func hex4(at index: Int) throws(Failure) -> UInt32 {
    let shift = index - position
    guard try ensureAvailable(shift + 4) else { throw syntaxError("unterminated string") }
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = bytes[position + shift + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw syntaxError("expected four hexadecimal digits after \\u", at: position + shift + offset)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  func rawControlError(_ byte: UInt8, at index: Int) -> Failure {
    syntaxError("\(UntrustedText.describeUnsafe(UInt32(byte))) is not escaped in a string", at: index)
  }

  private func unpairedSurrogateError(_ unit: UInt32) -> Failure {
    syntaxError(
      "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string", at: position - 6)
  }

  /// Whether any of the eight bytes at `index` may be a quote, a backslash or below 0x20 (never false
  /// when one is; bytes from 0x80 up can make it true when none is).
  @inline(__always)
  private static func mayEndOrNeedEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
    return (word &- ones &* 0x20) & ~word & highs != 0 || hasZeroByte(word ^ (ones &* 0x22))
      || hasZeroByte(word ^ (ones &* 0x5C))
  }

  /// Whether any of the eight bytes at `index` is a quote, a backslash, below 0x20 or from 0x7F up:
  /// the bytes a string scan must look at one by one (exact: with no byte from 0x80 up, the test
  /// above is exact too).
  @inline(__always)
  static func mayNeedAttention(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
    let delete = word ^ 0x7F7F_7F7F_7F7F_7F7F
    return word & 0x8080_8080_8080_8080 != 0
      || (delete &- 0x0101_0101_0101_0101) & ~delete & 0x8080_8080_8080_8080 != 0
      || mayEndOrNeedEscape(bytes, at: index)
  }
}
