import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The second half of a large catalog's items, read on another core while the first half is read on
/// this one.
///
/// Where the second half starts is a guess, made without reading what comes before it: the first `{`
/// that follows a line feed (and nothing but whitespace) after the middle of the file. A line feed is
/// never inside a JSON string, so the guess is outside one; but it could be inside an unknown field,
/// or not between items at all. So the guess is only used when the first half's own reading arrives
/// at exactly that byte as the start of an item: from there on, the bytes and the parser are the same,
/// so the second half's items are the ones the first half would have read. In every other case, and
/// whenever the second half found anything wrong, its work is dropped and the first half reads on:
/// every error is found, worded and placed exactly as a single pass finds it.
final class CatalogSecondHalf: @unchecked Sendable {
  /// What the other core found.
  private enum Outcome {
    /// The items from `start` up to the array's closing bracket, and the offset just after it.
    case items(CatalogContents, end: Int)
    /// Something it could not read as items up to a closing bracket (or it was told to stop).
    case nothing
  }

  /// Files smaller than this are read in one pass: a second thread would cost more than it saves.
  static let minimumFileSize = 8 << 20
  /// How far past the middle the start of an item is looked for.
  private static let searchLength = 64 << 10

  /// The offset in the file of the `{` where the second half starts.
  let start: Int
  private let stopped = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)
  /// Written by the other thread before it signals `finished`, read only after waiting for it.
  private var outcome = Outcome.nothing
  private var waited = false

  private init(start: Int) {
    self.start = start
  }

  /// Starts reading the second half of `file`, if it is at least `minimumSize` bytes and a start for
  /// the second half is found; `source` names the catalog.
  static func begin(
    reading file: borrowing RegularFile, source: String, minimumSize: Int = minimumFileSize
  ) -> CatalogSecondHalf? {
    guard file.size >= max(minimumSize, 2), let start = guessStart(in: file),
      let copy = try? file.duplicate()
    else { return nil }
    let half = CatalogSecondHalf(start: start)
    let descriptor = Descriptor(copy)
    DispatchQueue.global(qos: .userInitiated).async {
      half.read(descriptor.take(), source: source)
    }
    return half
  }

  /// Whether the first half took the second half's items.
  private(set) var wasTaken = false

  /// The items the second half holds and the offset just after the items array, once the other core
  /// is done; nil if it found anything but items up to the closing bracket, or more than `room`.
  func take(fitting room: Int) -> (contents: CatalogContents, end: Int)? {
    wait()
    guard case .items(let contents, let end) = outcome, contents.items.count <= room else { return nil }
    outcome = .nothing
    wasTaken = true
    return (contents, end)
  }

  /// Tells the other core to stop and waits until it has: its work is dropped.
  func abandon() {
    stopped.store(true, ordering: .relaxed)
    wait()
    outcome = .nothing
  }

  private func wait() {
    guard !waited else { return }
    finished.wait()
    waited = true
  }

  private func read(_ file: consuming RegularFile, source: String) {
    defer { finished.signal() }
    var parser = CatalogJSONParser(reader: JSONReader(file: file, startingAt: start), source: source)
    if let end = try? parser.parseItemRun(until: stopped) {
      // Its ids sorted for the index here, on this core.
      parser.contents.sortIDEntries()
      outcome = .items(parser.contents, end: end)
    }
  }

  /// The offset of the first `{` after the middle of the file that follows a line feed and whitespace.
  private static func guessStart(in file: borrowing RegularFile) -> Int? {
    let middle = file.size / 2
    var chunk = [UInt8](repeating: 0, count: min(searchLength, file.size - middle))
    let read = chunk.withUnsafeMutableBytes { buffer in (try? file.read(into: buffer, at: middle)) ?? 0 }
    var index = 0
    var afterLineFeed = false
    while index < read {
      switch chunk[index] {
      case 0x0A: afterLineFeed = true
      case 0x20, 0x09, 0x0D: break
      case UInt8(ascii: "{") where afterLineFeed: return middle + index
      default: afterLineFeed = false
      }
      index += 1
    }
    return nil
  }
}

/// A descriptor handed to the other thread once.
private final class Descriptor: @unchecked Sendable {
  private var file: RegularFile?

  init(_ file: consuming RegularFile) {
    self.file = consume file
  }

  func take() -> RegularFile {
    guard let file = file.take() else { preconditionFailure("taken twice") }
    return file
  }
}

extension CatalogJSONParser {
  /// Reads items, each followed by a comma, until the `]` that closes their array; returns the offset
  /// just after it. Used by the second half, which starts at an item; nil when `stop` is set.
  mutating func parseItemRun(until stop: borrowing Atomic<Bool>) throws(CatalogError) -> Int? {
    while true {
      if stop.load(ordering: .relaxed) { return nil }
      try parseItem()
      try reader.skipWhitespace()
      switch try reader.peek() {
      case UInt8(ascii: ","): reader.position += 1
      case UInt8(ascii: "]"):
        reader.position += 1
        return reader.absoluteOffset(of: reader.position)
      default: return nil
      }
    }
  }
}
