/// Reads a whole regular file, refusing anything else (see `RegularFile`) and anything larger than a
/// limit, which is checked before any memory is spent.
enum FileBytes {
  /// The file's bytes; throws the reason it cannot be read.
  static func read(path: String, maximumSize: Int) throws(RegularFile.Failure) -> [UInt8] {
    var file = try RegularFile(path: path, maximumSize: maximumSize)
    // One spare byte: reaching it means the file grew, and only then does the buffer grow.
    var result = [UInt8](repeating: 0, count: file.size + 1)
    var filled = 0
    while true {
      if filled == result.count {
        result.append(
          contentsOf: repeatElement(0, count: min(1 << 16, max(1, file.maximumSize - filled + 1))))
      }
      let count = try result.withUnsafeMutableBytes { buffer in
        Result { () throws(RegularFile.Failure) in
          try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
        }
      }.get()
      if count == 0 { break }
      filled += count
    }
    result.removeLast(result.count - filled)
    return result
  }
}
