/// Conjoining Hangul jamo composed into syllables, by the arithmetic of the Unicode standard (section
/// 3.12), so that a name typed in decomposed jamo folds as the same name in syllables.
enum HangulJamo {
  private static let leadBase: UInt32 = 0x1100
  private static let vowelBase: UInt32 = 0x1161
  private static let trailBase: UInt32 = 0x11A7
  private static let syllableBase: UInt32 = 0xAC00
  private static let leadCount: UInt32 = 19
  private static let vowelCount: UInt32 = 21
  private static let trailCount: UInt32 = 28
  private static let syllableCount = leadCount * vowelCount * trailCount

  /// Composes every lead-vowel(-trail) sequence in `scalars`, and every vowel syllable followed by a
  /// trail, in place.
  static func compose(_ scalars: inout [Unicode.Scalar]) {
    var result = 0
    for scalar in scalars {
      let value = scalar.value
      if result > 0 {
        let previous = scalars[result - 1].value
        let lead = previous &- leadBase
        let vowel = value &- vowelBase
        if lead < leadCount, vowel < vowelCount {
          let syllable = syllableBase + (lead * vowelCount + vowel) * trailCount
          scalars[result - 1] = Unicode.Scalar(syllable)!
          continue
        }
        let syllable = previous &- syllableBase
        let trail = value &- trailBase
        if syllable < syllableCount, syllable % trailCount == 0, trail > 0, trail < trailCount {
          scalars[result - 1] = Unicode.Scalar(previous + trail)!
          continue
        }
      }
      scalars[result] = scalar
      result += 1
    }
    scalars.removeSubrange(result...)
  }
}
