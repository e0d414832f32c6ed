/// Sizes for messages and documentation.
enum ByteCount {
  /// `256 MiB`, `64 KiB`, `12 bytes`: the largest binary unit that divides `bytes` exactly.
  static func text(_ bytes: Int) -> String {
    for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift {
      if bytes % (1 << shift) == 0 { return "\(bytes >> shift) \(unit)" }
    }
    return "\(bytes) bytes"
  }
}
