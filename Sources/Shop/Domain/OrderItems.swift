/// An order's lines, in the order they were in the basket: a random-access collection of
/// `ShoppingItem`, kept packed because the history holds up to a million of them.
///
/// An array of items takes two heap strings a line once an id or name is longer than the 15 bytes a
/// `String` holds inline: a line of a 20-byte id and a 38-byte name took about 200 bytes. Here every
/// line's id and name sit end to end in one UTF-8 buffer for the whole order, beside an array of
/// where each ends and the line's price and quantity: the text's own bytes and 24 more a line. An
/// item is made (its two strings included) only when it is read, so walk an order once rather than
/// subscripting it again and again; `ItemCalculator`'s sums of an order read no strings at all.
///
/// Equality is the items' equality, as for an array of them (two ids equal as strings are equal
/// whatever their bytes); the Codable shape is an array of items.
public struct OrderItems: Sendable, RandomAccessCollection, Equatable, Codable, ExpressibleByArrayLiteral,
  CustomReflectable
{
  /// Each line's id and then its name, in UTF-8, line after line.
  private var text: [UInt8] = []
  /// Each line's price and quantity, and where its id and name end in `text`.
  private var lines: [Line] = []

  private struct Line: Equatable {
    /// The end of the id in `text`: it starts where the line before ended.
    var idEnd: UInt32
    /// The end of the name in `text`: it starts where the id ends.
    var nameEnd: UInt32
    var price: Int
    var quantity: Int
  }

  /// The UTF-8 of the paper bag's id.
  private static let paperBagID = Array(ShoppingItem.paperBagID.utf8)

  /// No lines.
  public init() {}

  /// The lines `items` holds, in its order.
  public init(_ items: some Sequence<ShoppingItem>) {
    lines.reserveCapacity(items.underestimatedCount)
    for item in items {
      append(item)
    }
    trimCapacity()
  }

  /// The lines written out, in order.
  public init(arrayLiteral items: ShoppingItem...) {
    self.init(items)
  }

  /// The first line's position: 0.
  public var startIndex: Int { 0 }
  /// One past the last line's position: the number of lines.
  public var endIndex: Int { lines.count }

  /// The line at `position`, made from its packed form.
  public subscript(position: Int) -> ShoppingItem {
    let line = lines[position]
    return text.withUnsafeBufferPointer { bytes in
      ShoppingItem(
        id: String(decoding: UnsafeBufferPointer(rebasing: bytes[idRange(at: position)]), as: UTF8.self),
        name: String(
          decoding: UnsafeBufferPointer(rebasing: bytes[Int(line.idEnd)..<Int(line.nameEnd)]), as: UTF8.self),
        price: line.price, quantity: line.quantity)
    }
  }

  /// The units the badge counts, as `ItemCalculator.totalQuantity(of:)` sums them: every line's
  /// quantity but the paper bag's.
  public var badgeQuantity: Int {
    var total = 0
    for position in lines.indices where !isPaperBag(at: position) {
      total += lines[position].quantity
    }
    return total
  }

  /// The price of every line, in minor units, as `ItemCalculator.subtotal(of:)` sums it.
  public var subtotal: Int {
    var total = 0
    for line in lines {
      total += line.price * line.quantity
    }
    return total
  }

  /// Whether both hold equal items in the same order.
  public static func == (lhs: OrderItems, rhs: OrderItems) -> Bool {
    guard lhs.lines.count == rhs.lines.count else { return false }
    // The same bytes are the same strings (the usual case, and free when the storage is shared).
    if lhs.lines == rhs.lines, lhs.text == rhs.text { return true }
    for position in lhs.lines.indices {
      let left = lhs.lines[position]
      let right = rhs.lines[position]
      guard left.price == right.price, left.quantity == right.quantity else { return false }
    }
    return lhs.elementsEqual(rhs)
  }

  /// Reads an array of items.
  public init(from decoder: any Decoder) throws {
    self.init(try [ShoppingItem](from: decoder))
  }

  /// Writes an array of items.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for item in self {
      try container.encode(item)
    }
  }

  /// The items, as an array of them shows.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }

  // MARK: Building and reading without strings, for the state file

  /// Adds `item` as the last line.
  mutating func append(_ item: ShoppingItem) {
    text.append(contentsOf: item.id.utf8)
    let idEnd = text.count
    text.append(contentsOf: item.name.utf8)
    closeLine(idEnd: idEnd, price: item.price, quantity: item.quantity)
  }

  /// Where the text of the line being added starts: the bytes appended since are its id and name.
  var openLineStart: Int { lines.last.map { Int($0.nameEnd) } ?? 0 }

  /// How many bytes of text the lines take so far.
  var textByteCount: Int { text.count }

  /// The text from `start` to the end, as a string (the start of a field being refused).
  func string(fromTextOffset start: Int) -> String {
    String(decoding: text[start...], as: UTF8.self)
  }

  /// Appends bytes of the line being added (its id, then its name; see `closeLine`).
  mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
    text.append(contentsOf: bytes)
  }

  /// Ends the line being added: its id is the text from `openLineStart` to `idEnd`, its name the
  /// rest of the text appended.
  mutating func closeLine(idEnd: Int, price: Int, quantity: Int) {
    precondition(text.count <= UInt32.max, "an order's text is limited to 4 GiB")
    lines.append(Line(idEnd: UInt32(idEnd), nameEnd: UInt32(text.count), price: price, quantity: quantity))
  }

  /// Puts the line being added's text in the order id, name when it was appended name first:
  /// `idStart` is where the id begins, after the name.
  mutating func moveIDBeforeName(idStart: Int) {
    let name = Array(text[openLineStart..<idStart])
    text.removeSubrange(openLineStart..<idStart)
    text.append(contentsOf: name)
  }

  /// Forgets the text appended since the last whole line.
  mutating func dropOpenLine() {
    text.removeSubrange(openLineStart...)
  }

  /// Gives back the room growing left beyond what the lines take: an order is kept for the run.
  mutating func trimCapacity() {
    Self.trim(&text)
    Self.trim(&lines)
  }

  /// Copies `array` into storage of its size when growing left it an eighth larger or more. (An
  /// `Array` of a slice of all of an array is that array, room and all.)
  private static func trim<Element>(_ array: inout [Element]) {
    guard array.capacity > array.count + array.count / 8 else { return }
    var trimmed: [Element] = []
    trimmed.reserveCapacity(array.count)
    trimmed.append(contentsOf: array)
    array = trimmed
  }

  /// The price of the line at `position`.
  func price(at position: Int) -> Int { lines[position].price }

  /// The quantity of the line at `position`.
  func quantity(at position: Int) -> Int { lines[position].quantity }

  /// Whether the line at `position` is a paper bag, as `ShoppingItem.isPaperBag` says, mostly without
  /// making its id: an ASCII id equals the bag's (ASCII) id only byte for byte; any other is compared
  /// as a string, since a string with other bytes may still be equal.
  func isPaperBag(at position: Int) -> Bool {
    text.withUnsafeBufferPointer { bytes in
      let id = UnsafeBufferPointer(rebasing: bytes[idRange(at: position)])
      if id.elementsEqual(Self.paperBagID) { return true }
      if id.allSatisfy({ $0 < 0x80 }) { return false }
      return String(decoding: id, as: UTF8.self) == ShoppingItem.paperBagID
    }
  }

  /// Whether any line is a paper bag.
  var containsPaperBag: Bool {
    lines.indices.contains(where: isPaperBag(at:))
  }

  /// The same lines with every paper bag made `ShoppingItem.paperBag` (free, the shop's own name),
  /// keeping its quantity and place.
  func withShopPaperBags() -> OrderItems {
    var result = OrderItems()
    result.text.reserveCapacity(text.count)
    result.lines.reserveCapacity(lines.count)
    text.withUnsafeBufferPointer { bytes in
      for position in lines.indices {
        let line = lines[position]
        if isPaperBag(at: position) {
          result.append(.paperBag(quantity: line.quantity))
          continue
        }
        result.text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[idRange(at: position)]))
        let idEnd = result.text.count
        result.text.append(
          contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(line.idEnd)..<Int(line.nameEnd)]))
        result.closeLine(idEnd: idEnd, price: line.price, quantity: line.quantity)
      }
    }
    result.trimCapacity()
    return result
  }

  private func idRange(at position: Int) -> Range<Int> {
    (position == 0 ? 0 : Int(lines[position - 1].nameEnd))..<Int(lines[position].idEnd)
  }
}
