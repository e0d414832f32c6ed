/// What validation needs to know about a string's UTF-8, found in one pass over its bytes without
/// making a `String` first: whether it is well-formed, how many Unicode scalars it has, and its first
/// code point that `UntrustedText` escapes.
struct UTF8Facts: Equatable {
  /// How many Unicode scalars the bytes decode to.
  var scalarCount: Int
  /// The first code point `UntrustedText.isControl(_:)` holds unsafe, if any.
  var firstUnsafe: UInt32?

  /// Facts as given.
  init(scalarCount: Int, firstUnsafe: UInt32?) {
    self.scalarCount = scalarCount
    self.firstUnsafe = firstUnsafe
  }

  /// The facts about `bytes`, or nil unless they are well-formed UTF-8 as the standard library
  /// decides it (no overlong forms, no surrogates, nothing above U+10FFFF, nothing cut short).
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var count = 0
    var firstUnsafe: UInt32?
    var index = 0
    let end = bytes.count
    while index < end {
      // Eight printable ASCII bytes at once: eight scalars, none unsafe.
      if index + 8 <= end, Self.arePrintableASCII(bytes, at: index) {
        count += 8
        index += 8
        continue
      }
      let lead = bytes[index]
      let value: UInt32
      if lead < 0x80 {
        value = UInt32(lead)
        index += 1
      } else {
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
        default: return nil
        }
        guard end - index >= length else { return nil }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { return nil }
        var decoded = UInt32(lead) & (0xFF >> (length + 1))
        decoded = decoded << 6 | UInt32(second & 0x3F)
        for offset in 2..<max(2, length) {
          let next = bytes[index + offset]
          guard next & 0xC0 == 0x80 else { return nil }
          decoded = decoded << 6 | UInt32(next & 0x3F)
        }
        value = decoded
        index += length
      }
      if firstUnsafe == nil, UntrustedText.isControl(value) { firstUnsafe = value }
      count += 1
    }
    scalarCount = count
    self.firstUnsafe = firstUnsafe
  }

  /// Whether the eight bytes at `index` are all from 0x20 to 0x7E.
  @inline(__always)
  private static func arePrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // No high bit, no byte below 0x20 and none equal to 0x7F (exact: with no high bit set, the
    // subtractions borrow only where a byte is below what is subtracted).
    let delete = word ^ (ones &* 0x7F)
    return word & highs == 0 && (word &- ones &* 0x20) & highs == 0 && (delete &- ones) & ~delete & highs == 0
  }
}
