#if canImport(Glibc)
  import Glibc
#endif

/// Asks the kernel to back a large buffer with 2 MiB pages where it can: a million-item catalog's
/// arrays then cost a few hundred page faults instead of tens of thousands (on Linux with transparent
/// huge pages in `madvise` mode; elsewhere, and for small buffers, nothing happens).
enum HugePages {
  private static let size = 2 << 20

  /// Advises the whole 2 MiB pages inside `byteCount` bytes from `start`; call before they are touched.
  static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
    #if os(Linux)
      let first = (Int(bitPattern: start) + size - 1) & ~(size - 1)
      let end = (Int(bitPattern: start) + byteCount) & ~(size - 1)
      guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(aligned, end - first, MADV_HUGEPAGE)
    #endif
  }

  /// Advises the storage of `array`, reserved but not yet written.
  static func advise<Element>(capacityOf array: inout [Element]) {
    let capacity = array.capacity
    array.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      advise(UnsafeMutableRawPointer(base), byteCount: capacity * MemoryLayout<Element>.stride)
    }
  }
}
