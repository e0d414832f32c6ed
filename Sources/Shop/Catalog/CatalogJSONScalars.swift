/// The byte-level pieces of `CatalogJSONParser`: strings, numbers, literals, whitespace, errors.
extension CatalogJSONParser {
  func matches(_ word: String) -> Bool {
    var index = position
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
    }
    return true
  }

  mutating func parseNumber() throws(CatalogError) -> Value {
    let start = position
    var isInteger = true
    if peek() == UInt8(ascii: "-") { position += 1 }
    let digitsStart = position
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): break
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
        isInteger = false
      default:
        return try finishNumber(start: start, digitsStart: digitsStart, isInteger: isInteger)
      }
      position += 1
    }
    return try finishNumber(start: start, digitsStart: digitsStart, isInteger: isInteger)
  }

  func finishNumber(start: Int, digitsStart: Int, isInteger: Bool) throws(CatalogError) -> Value {
    let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard position > digitsStart, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digitsStart]) else {
      throw malformed("expected a number")
    }
    guard isInteger, position - digitsStart <= 18 else { return .number(literal: literal, integer: nil) }
    var value = 0
    for index in digitsStart..<position {
      value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
    }
    return .number(literal: literal, integer: digitsStart > start ? -value : value)
  }

  /// Parses a string; raw control bytes are let through so validation can name their field.
  mutating func parseString() throws(CatalogError) -> String {
    position += 1
    let start = position
    var union: UInt8 = 0
    while position < bytes.count {
      let byte = bytes[position]
      union |= byte
      if byte == UInt8(ascii: "\"") {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<position])
        let text = union < 0x80 ? String(decoding: raw, as: UTF8.self) : try decodeUTF8(raw)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") {
        var buffer = Array(bytes[start..<position])
        return try parseEscapedRest(into: &buffer)
      }
      position += 1
    }
    throw malformed("unterminated string")
  }

  mutating func parseEscapedRest(into buffer: inout [UInt8]) throws(CatalogError) -> String {
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return try buffer.withUnsafeBufferPointer { (raw) throws(CatalogError) in try decodeUTF8(raw) }
      case UInt8(ascii: "\\"):
        try appendEscape(to: &buffer)
      default:
        buffer.append(byte)
      }
    }
    throw malformed("unterminated string")
  }

  mutating func appendEscape(to buffer: inout [UInt8]) throws(CatalogError) {
    guard position < bytes.count else { throw malformed("unterminated string") }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHex4()
      if (0xD800...0xDBFF).contains(scalar) {
        guard matches("\\u") else { throw malformed("unpaired surrogate in \\u escape") }
        position += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw malformed("unpaired surrogate in \\u escape") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw malformed("unpaired surrogate in \\u escape") }
      buffer.append(contentsOf: String(Character(unicode)).utf8)
    default:
      throw malformed("unknown escape in string")
    }
  }

  mutating func parseHex4() throws(CatalogError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw malformed("short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw malformed("bad hex digit in \\u escape")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  func decodeUTF8(_ raw: UnsafeBufferPointer<UInt8>) throws(CatalogError) -> String {
    guard let text = String(validating: raw, as: UTF8.self) else {
      throw malformed("string is not valid UTF-8")
    }
    return text
  }

  static func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "["),
      UInt8(ascii: "{"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      return true
    default:
      return false
    }
  }

  /// The next byte, or 0 at the end (0 never starts valid JSON).
  func peek() -> UInt8 {
    position < bytes.count ? bytes[position] : 0
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  func malformed(_ detail: String) -> CatalogError {
    var line = 1
    var lineStart = 0
    for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    let column = position - lineStart + 1
    return CatalogError(source: source, problem: .malformedJSON(line: line, column: column, detail: detail))
  }
}
