/// Which byte values a folded name holds, as one 64-bit word: a name can hold a query only if its
/// signature has every bit of the query's, which one AND tells for most names without reading them.
///
/// Letters, digits and the space have a bit each, so a one-byte query of one of them is answered by
/// the signature alone; other bytes share the remaining bits.
enum ByteSignature {
  /// The bit of each byte value.
  private static let bits: [UInt64] = (0...255).map { value -> UInt64 in
    let byte = UInt8(value)
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return 1 << UInt64(byte - UInt8(ascii: "a"))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return 1 << UInt64(26 + byte - UInt8(ascii: "0"))
    case UInt8(ascii: " "): return 1 << 36
    case 0: return 0
    case ..<0x80: return 1 << UInt64(37 + byte % 5)
    default: return 1 << UInt64(42 + (UInt64(byte) &* 37) % 22)
    }
  }

  /// The signature of `bytes`.
  static func of(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var signature: UInt64 = 0
    for byte in bytes { signature |= bits[Int(byte)] }
    return signature
  }

  /// Whether a name's signature alone says if it holds `query`: a query of one letter, digit or space.
  static func isExact(_ query: some Collection<UInt8>) -> Bool {
    guard query.count == 1, let byte = query.first else { return false }
    return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: " ")
  }
}
