/// The items' descriptions, kept as UTF-8 in 1 MiB chunks rather than as one `String` per item: 4 bytes
/// an item once any item has a description, nothing before, plus the text itself. A description comes
/// back as a `String` only when asked for (the app shows one at a time).
struct CatalogDescriptions: Sendable, Equatable {
  private static let chunkBits = 20
  private static let chunkSize = 1 << chunkBits
  private static let none = UInt32.max

  private var chunks: [[UInt8]] = []
  /// Per item: chunk number and offset of a 2-byte length followed by the text; `none` for no
  /// description. Empty while no item has one.
  private var locations: [UInt32] = []

  /// Adds the description of the item at `itemIndex`, the next one; nil for none.
  mutating func append(_ description: String?, itemIndex: Int) {
    guard let description else {
      if !locations.isEmpty { locations.append(Self.none) }
      return
    }
    if locations.isEmpty { locations = Array(repeating: Self.none, count: itemIndex) }
    var text = description
    text.withUTF8 { appendText($0) }
  }

  /// Adds the descriptions of `otherCount` items that follow the `count` items described so far, as
  /// `append(_:itemIndex:)` would have added them one by one (the chunks come out the same).
  mutating func append(contentsOf other: CatalogDescriptions, after count: Int, adding otherCount: Int) {
    guard !other.locations.isEmpty else {
      if !locations.isEmpty { locations.append(contentsOf: repeatElement(Self.none, count: otherCount)) }
      return
    }
    if locations.isEmpty { locations = Array(repeating: Self.none, count: count) }
    locations.reserveCapacity(count + otherCount)
    for location in other.locations {
      guard location != Self.none else {
        locations.append(Self.none)
        continue
      }
      let bytes = other.chunks[Int(location) >> Self.chunkBits]
      let offset = Int(location) & (Self.chunkSize - 1)
      let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
      bytes.withUnsafeBufferPointer {
        appendText(UnsafeBufferPointer(rebasing: $0[(offset + 2)..<(offset + 2 + length)]))
      }
    }
  }

  /// Adds one description's UTF-8 and its location.
  private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
    let length = text.count
    precondition(length + 2 <= Self.chunkSize && length <= Int(UInt16.max), "description too long")
    if chunks.isEmpty || chunks[chunks.count - 1].count + 2 + length > Self.chunkSize {
      var chunk: [UInt8] = []
      chunk.reserveCapacity(Self.chunkSize)
      chunks.append(chunk)
    }
    let chunk = chunks.count - 1
    locations.append(UInt32(chunk << Self.chunkBits | chunks[chunk].count))
    chunks[chunk].append(UInt8(length & 0xFF))
    chunks[chunk].append(UInt8(length >> 8))
    chunks[chunk].append(contentsOf: text)
  }

  /// The description of the item at `index`, if it has one.
  func description(at index: Int) -> String? {
    guard index < locations.count, locations[index] != Self.none else { return nil }
    let location = Int(locations[index])
    let bytes = chunks[location >> Self.chunkBits]
    let offset = location & (Self.chunkSize - 1)
    let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    return String(decoding: bytes[(offset + 2)..<(offset + 2 + length)], as: UTF8.self)
  }
}
