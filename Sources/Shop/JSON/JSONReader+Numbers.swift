extension JSONReader {
  /// Reads the number that starts next, exactly as RFC 8259 section 6 writes numbers:
  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  mutating func readNumber() throws(Failure) -> JSONNumber {
    mark = position
    defer { mark = nil }
    var end = position
    while true {
      while end < bytes.count, Self.mayBeInNumber(bytes[end]) { end += 1 }
      guard end == bytes.count, let shift = try refill(keepingFrom: position) else { break }
      end -= shift
    }
    let start = position
    var index = start
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let digitsStart = index
    guard index < end, Self.isDigit(bytes[index]) else {
      throw syntaxError(negative ? "expected a digit after '-'" : "expected a value", at: index)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < end, Self.isDigit(bytes[index]) {
        throw syntaxError("a number must not start with 0 unless it is 0", at: digitsStart)
      }
    } else {
      while index < end, Self.isDigit(bytes[index]) { index += 1 }
    }
    let digitsEnd = index
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < end, Self.isDigit(bytes[index]) else {
        throw syntaxError("expected a digit after '.'", at: index)
      }
      while index < end, Self.isDigit(bytes[index]) { index += 1 }
    }
    if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < end, Self.isDigit(bytes[index]) else {
        throw syntaxError("expected a digit in the exponent", at: index)
      }
      while index < end, Self.isDigit(bytes[index]) { index += 1 }
    }
    guard index == end else { throw syntaxError("unexpected character in a number", at: index) }
    position = end
    guard digitsEnd == end, digitsEnd - digitsStart <= 18 else {
      return .other(
        literal: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }
    var value = 0
    for digit in bytes[digitsStart..<digitsEnd] { value = value &* 10 &+ Int(digit &- UInt8(ascii: "0")) }
    return .integer(negative ? -value : value)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// Digits, sign, point and exponent letters: the bytes a number token runs over.
  static func mayBeInNumber(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      return true
    default:
      return false
    }
  }
}
