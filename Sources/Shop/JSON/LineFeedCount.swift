extension UnsafeBufferPointer<UInt8> {
  /// How many line feeds the bytes hold, counted eight bytes at a time.
  var lineFeedCount: Int {
    guard let base = baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    var found = 0
    var index = 0
    while index + 8 <= count {
      // Exact zero-byte detection on word ^ 0x0A...: a byte's top bit is set only where it was 0x0A.
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
      found += (~(((word & low7) &+ low7) | word | low7)).nonzeroBitCount
      index += 8
    }
    while index < count {
      if self[index] == 0x0A { found += 1 }
      index += 1
    }
    return found
  }
}
