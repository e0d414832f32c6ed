import AppCore
import CNcurses
import Foundation
import Testing

/// The grid's widths against the C library's, which ncurses draws with.
@Suite struct DisplayWidthAgreementTests {
  /// ncurses measures with libc `wcwidth`, so the table must agree with glibc wherever glibc knows the
  /// code point; unassigned code points (glibc answers -1) and controls are left out.
  @Test func agreesWithGlibcWcwidthUnderCUTF8() throws {
    let saved = String(cString: setlocale(LC_CTYPE, nil))
    defer { setlocale(LC_CTYPE, saved) }
    try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    var mismatches: [String] = []
    for value in UInt32(0xA0)...0x3_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = Int(wcwidth(wchar_t(bitPattern: value)))
      guard expected >= 0, !DisplayWidth.needsPlaceholder(scalar) else { continue }
      let actual = DisplayWidth.of(scalar)
      if actual != expected {
        mismatches.append(String(format: "U+%04X glibc %d ours %d", value, expected, actual))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(40).joined(separator: ", "))")
  }
}
