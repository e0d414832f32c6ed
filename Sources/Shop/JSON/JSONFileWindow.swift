#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The part of a file a `JSONReader` is looking at: read in pieces, so a large file never sits in
/// memory whole. The reader drops what it has finished with and asks for more.
final class JSONFileWindow {
  /// How many bytes are read at a time (the window grows only for a single longer token).
  static let pieceSize = 1 << 20

  private var storage: UnsafeMutableBufferPointer<UInt8>
  private let file: RegularFile
  /// Where in the file the next read starts: the window reads at its own offset, so two windows on one
  /// file (each with its own descriptor) never disturb each other.
  private var fileOffset: Int
  private(set) var count = 0
  private(set) var reachedEnd = false

  /// A window on `file` from `offset`, nothing read yet.
  init(file: consuming RegularFile, startingAt offset: Int = 0) {
    let capacity = max(1, min(file.size - offset + 1, Self.pieceSize))
    storage = .allocate(capacity: capacity)
    self.file = file
    fileOffset = offset
  }

  deinit {
    storage.deallocate()
  }

  /// The bytes read and not yet dropped.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[..<count]) }

  /// Drops the bytes before `keep`, then reads more after the rest; the window grows when the kept
  /// bytes fill it. Returns false, dropping nothing, once the end of the file was reached.
  func advance(droppingBefore keep: Int) throws(RegularFile.Failure) -> Bool {
    guard !reachedEnd else { return false }
    if keep > 0 {
      let base = storage.baseAddress!
      memmove(base, base + keep, count - keep)
      count -= keep
    }
    if count == storage.count {
      let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: storage.count * 2)
      larger.baseAddress!.initialize(from: storage.baseAddress!, count: count)
      storage.deallocate()
      storage = larger
    }
    let read = try file.read(
      into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: storage[count...])),
      at: fileOffset)
    if read == 0 { reachedEnd = true }
    count += read
    fileOffset += read
    return true
  }

  /// Drops every byte in view and goes on reading at `offset` in the file.
  func move(to offset: Int) {
    count = 0
    reachedEnd = false
    fileOffset = offset
  }

  /// How many line feeds the file holds before `offset`, and the offset just after the last of them
  /// (0 if none): read again from the file, for the position of an error.
  func newlines(before offset: Int) -> (count: Int, lineStart: Int) {
    var count = 0
    var lineStart = 0
    var chunk = [UInt8](repeating: 0, count: min(offset, Self.pieceSize))
    var done = 0
    while done < offset {
      let read = chunk.withUnsafeMutableBytes { buffer in
        pread(file.descriptor, buffer.baseAddress!, min(buffer.count, offset - done), off_t(done))
      }
      guard read > 0 else { break }
      chunk.withUnsafeBufferPointer { buffer in
        let piece = UnsafeBufferPointer(rebasing: buffer[..<read])
        count += piece.lineFeedCount
        if let last = piece.lastIndex(of: 0x0A) { lineStart = done + last + 1 }
      }
      done += read
    }
    return (count, lineStart)
  }
}
