/// A catalog's items in catalog order, each with quantity 1, read as a collection indexed from 0.
///
/// Items are kept in columns rather than as `ShoppingItem` values: ids as strings, prices as numbers,
/// and every name's UTF-8 in one buffer, so that a name costs its bytes and four more for where it
/// ends. An item is made when it is read: its name's string then, from those bytes. A million
/// names made as strings at load took a heap allocation each: 80 MB and 140 ms of the first frame.
///
/// Read on two cores, a catalog file's items come in two parts, one per half, kept end to end, so
/// that joining them copies nothing (copying the second half into the first took 25-45 ms). A
/// catalog read in one pass, or built from values, is one part.
public struct CatalogItems: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
  /// Some items in columns.
  private struct Part: Sendable, Equatable {
    var ids: [String] = []
    var prices: [Int] = []
    /// Every name's UTF-8, one after another.
    var nameBytes: [UInt8] = []
    /// Where each name ends in `nameBytes` (and the next begins).
    var nameEnds: [UInt32] = []

    var count: Int { ids.count }

    mutating func reserve(items: Int, nameBytes byteCount: Int) {
      ids.reserveCapacity(items)
      prices.reserveCapacity(items)
      nameEnds.reserveCapacity(items)
      nameBytes.reserveCapacity(byteCount)
      HugePages.advise(capacityOf: &ids)
      HugePages.advise(capacityOf: &nameBytes)
    }

    mutating func append(id: String, name: UnsafeBufferPointer<UInt8>, price: Int) {
      ids.append(id)
      prices.append(price)
      nameBytes.append(contentsOf: name)
      nameEnds.append(UInt32(nameBytes.count))
    }

    func withName<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
      let start = index == 0 ? 0 : Int(nameEnds[index - 1])
      return nameBytes.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[start..<Int(nameEnds[index])]))
      }
    }
  }

  private var first = Part()
  /// The items after `first`: the second half's, or none.
  private var second = Part()

  /// The items of `items`, in order, each with quantity 1.
  public init(_ items: some Sequence<ShoppingItem>) {
    for item in items { append(item) }
  }

  /// The items listed, in order, each with quantity 1.
  public init(arrayLiteral items: ShoppingItem...) {
    self.init(items)
  }

  /// No items yet, with room for `capacity` items whose names take `nameBytes` bytes without moving
  /// them (the memory advised for huge pages; memory reserved and never written costs nothing).
  init(reservingCapacity capacity: Int, nameBytes: Int) {
    first.reserve(items: capacity, nameBytes: nameBytes)
  }

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of items.
  public var endIndex: Int { first.count + second.count }
  /// The number of items (not the collection's default, which a debug build runs as generic code).
  public var count: Int { endIndex }

  /// The item at `position`, made now.
  public subscript(position: Int) -> ShoppingItem {
    ShoppingItem(id: id(at: position), name: name(at: position), price: price(at: position))
  }

  /// The id of the item at `position`, without making its name.
  public func id(at position: Int) -> String {
    position < first.count ? first.ids[position] : second.ids[position - first.count]
  }

  /// The name of the item at `position`.
  public func name(at position: Int) -> String {
    withNameUTF8(at: position) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 of the name of the item at `position`, without making a string.
  public func withNameUTF8<Result>(
    at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    position < first.count
      ? first.withName(at: position, body) : second.withName(at: position - first.count, body)
  }

  /// How many bytes of UTF-8 all the names take.
  public var nameByteCount: Int { first.nameBytes.count + second.nameBytes.count }

  /// The price of the item at `position`, in minor units.
  public func price(at position: Int) -> Int {
    position < first.count ? first.prices[position] : second.prices[position - first.count]
  }

  /// Every name in order, as strings made one at a time.
  public var names: some RandomAccessCollection<String> { indices.lazy.map(name(at:)) }

  /// Adds an item (its quantity is not kept) after the others.
  mutating func append(_ item: ShoppingItem) {
    var name = item.name
    name.withUTF8 { append(id: item.id, name: $0, price: item.price) }
  }

  /// Adds an item after the others from its id, the UTF-8 of its name and its price.
  mutating func append(id: String, name: UnsafeBufferPointer<UInt8>, price: Int) {
    if second.count == 0 {
      first.append(id: id, name: name, price: price)
    } else {
      second.append(id: id, name: name, price: price)
    }
  }

  /// Adds `other`'s items after these; the columns of two single parts are kept as they are.
  mutating func append(contentsOf other: consuming CatalogItems) {
    if isEmpty {
      self = other
    } else if second.count == 0 && other.second.count == 0 {
      second = other.first
    } else {
      for item in other { append(item) }
    }
  }

  /// Equal items in the same order, however they are held. Held alike, their columns are compared
  /// without making an item; otherwise item by item (names compare as strings do, so a name written
  /// with a combining accent equals the same name precomposed).
  public static func == (lhs: CatalogItems, rhs: CatalogItems) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.first == rhs.first && lhs.second == rhs.second { return true }
    return lhs.elementsEqual(rhs)
  }
}
