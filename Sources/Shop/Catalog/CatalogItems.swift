/// A catalog's items in catalog order, each with quantity 1.
///
/// Read on two cores, a catalog file's items come in two arrays, one per half; they are kept end to
/// end here, so that joining them copies nothing. (Copying the second half of a million items into the
/// first took 25-45 ms of the first frame.) A catalog read in one pass, or built
/// from an array, is one array. Either way it reads as one collection, indexed from 0.
public struct CatalogItems: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
  private var first: [ShoppingItem]
  /// The items after `first`: the second half's, or none.
  private var second: [ShoppingItem] = []

  /// The items of `items`, in order.
  public init(_ items: [ShoppingItem]) {
    first = items
  }

  /// The items listed, in order.
  public init(arrayLiteral items: ShoppingItem...) {
    first = items
  }

  /// No items yet, with room for `capacity` without moving them (its memory advised for huge pages).
  init(reservingCapacity capacity: Int) {
    first = []
    first.reserveCapacity(capacity)
    HugePages.advise(capacityOf: &first)
  }

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of items.
  public var endIndex: Int { first.count + second.count }

  /// The item at `position`.
  public subscript(position: Int) -> ShoppingItem {
    position < first.count ? first[position] : second[position - first.count]
  }

  /// Adds `item` after the others.
  mutating func append(_ item: ShoppingItem) {
    if second.isEmpty { first.append(item) } else { second.append(item) }
  }

  /// Adds `other`'s items after these; the arrays of two single-array collections are kept as they are.
  mutating func append(contentsOf other: consuming CatalogItems) {
    if isEmpty {
      self = other
    } else if second.isEmpty && other.second.isEmpty {
      second = other.first
    } else {
      for item in other { append(item) }
    }
  }

  /// Equal items in the same order, however they are held.
  public static func == (lhs: CatalogItems, rhs: CatalogItems) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}
