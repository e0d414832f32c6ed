#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file open for reading, no larger than a limit: FIFOs, directories and devices are refused
/// before anything is read, and opening never blocks (a FIFO is opened with `O_NONBLOCK`, then refused).
///
/// The descriptor is closed when the value goes away.
struct RegularFile: ~Copyable {
  /// Why a file cannot be read; `reason` completes "cannot read PATH: ...".
  enum Failure: Error, Equatable {
    /// A system call failed with this `errno`.
    case system(Int32)
    /// The path names something other than a regular file, such as "a FIFO".
    case notRegular(kind: String)
    /// The file is larger than the caller's limit (or grew past it while being read).
    case tooLarge(size: Int, limit: Int)

    /// The system's reason, or what the path is instead of a regular file, or the size and the limit.
    var reason: String {
      switch self {
      case .system(let errorNumber): return String(cString: strerror(errorNumber))
      case .notRegular(let kind): return "is \(kind), not a regular file"
      case .tooLarge(let size, let limit):
        return "is \(size) bytes, more than the limit of \(limit) (\(ByteCount.text(limit)))"
      }
    }
  }

  let descriptor: Int32
  /// The size `fstat` reported when the file was opened.
  let size: Int
  /// The most bytes `read(into:)` hands out in all; more means the file grew past the limit.
  let maximumSize: Int
  private var delivered = 0

  /// Opens `path` for reading; throws unless it is a regular file of at most `maximumSize` bytes.
  init(path: String, maximumSize: Int) throws(Failure) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw .system(errno) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let error = errno
      close(descriptor)
      throw .system(error)
    }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG else {
      close(descriptor)
      throw .notRegular(kind: Self.kind(of: type))
    }
    guard Int(status.st_size) <= maximumSize else {
      close(descriptor)
      throw .tooLarge(size: Int(status.st_size), limit: maximumSize)
    }
    // Reads of a regular file never block; clearing the flag keeps them plain.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    self.descriptor = descriptor
    self.size = Int(status.st_size)
    self.maximumSize = maximumSize
  }

  deinit {
    close(descriptor)
  }

  /// Reads into `buffer`; returns how many bytes came, 0 at the end of the file.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
    guard !buffer.isEmpty else { return 0 }
    while true {
      let count = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(errno)
      }
      delivered += count
      guard delivered <= maximumSize else { throw .tooLarge(size: delivered, limit: maximumSize) }
      return count
    }
  }

  /// Reads into `buffer` from `offset` in the file, leaving the descriptor's own offset alone, so that
  /// readers of one file at different places do not disturb each other; returns how many bytes came,
  /// 0 at the end of the file. Bytes past `maximumSize` mean the file grew past the limit.
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Failure) -> Int {
    guard !buffer.isEmpty else { return 0 }
    while true {
      let count = pread(descriptor, buffer.baseAddress!, buffer.count, off_t(offset))
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(errno)
      }
      guard offset + count <= maximumSize else { throw .tooLarge(size: offset + count, limit: maximumSize) }
      return count
    }
  }

  /// A second descriptor on the same open file, with the same size and limit, closed on its own: for a
  /// reader on another thread.
  func duplicate() throws(Failure) -> RegularFile {
    let copy = dup(descriptor)
    guard copy >= 0 else { throw .system(errno) }
    _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
    return RegularFile(descriptor: copy, size: size, maximumSize: maximumSize)
  }

  private init(descriptor: Int32, size: Int, maximumSize: Int) {
    self.descriptor = descriptor
    self.size = size
    self.maximumSize = maximumSize
  }

  /// "a FIFO", "a directory", ...: what a file of this `st_mode` type is; `regular` for a regular file.
  static func kind(of type: mode_t, regular: String = "a regular file") -> String {
    switch type {
    case S_IFIFO: return "a FIFO"
    case S_IFDIR: return "a directory"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    case S_IFREG: return regular
    default: return "of an unknown kind"
    }
  }
}
