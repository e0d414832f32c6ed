/// How `CatalogJSONParser` reads one item: its four known keys, their values, and the checks.
extension CatalogJSONParser {
  /// A key of an item object; the text of another key is kept apart.
  enum ItemKey {
    case id, name, price, description, other
  }

  /// Reads one item object and adds it, or throws the first problem with it.
  mutating func parseItem() throws(CatalogError) {
    validator.itemIndex = contents.items.count
    guard contents.items.count < Catalog.maximumItemCount else {
      throw CatalogError(source: "", field: "items", problem: .tooManyItems)
    }
    try reader.skipWhitespace()
    guard try reader.peek() == UInt8(ascii: "{") else {
      guard Self.startsValue(try reader.peek()) else { throw reader.syntaxError("expected a value") }
      throw validator.itemError(.wrongType(expected: "an object"), field: nil)
    }
    reader.position += 1
    var fields = ItemFields()
    // The name's UTF-8 goes straight to the catalog's name bytes, through a buffer kept for the next
    // item: no string is made for it.
    var nameBytes: [UInt8] = []
    swap(&nameBytes, &nameScratch)
    nameBytes.removeAll(keepingCapacity: true)
    defer { swap(&nameBytes, &nameScratch) }
    // At most `JSONLimits.maximumKeyCount` of them.
    var otherKeys: [String] = []
    var keyCount = 0
    try reader.skipWhitespace()
    if try reader.peek() == UInt8(ascii: "}") {
      reader.position += 1
    } else {
      while true {
        try reader.skipWhitespace()
        guard try reader.peek() == UInt8(ascii: "\"") else {
          throw reader.syntaxError("expected a quoted key")
        }
        keyCount += 1
        guard keyCount <= JSONLimits.maximumKeyCount else {
          throw validator.itemError(
            .tooManyKeys(limit: JSONLimits.maximumKeyCount), field: nil, id: Self.shownID(fields))
        }
        let keyStart = reader.absoluteOffset(of: reader.position)
        var otherKey = ""
        let key = try readItemKey(other: &otherKey, fields: fields)
        try reader.expect(UInt8(ascii: ":"), "expected ':' after a key")
        let isRepeat = try readItemValue(
          key, otherKey: otherKey, into: &fields, otherKeys: &otherKeys, nameBytes: &nameBytes)
        if isRepeat { throw repeatedKeyError(key, otherKey, startingAt: keyStart, fields: fields) }
        try reader.skipWhitespace()
        let separator = try reader.peek()
        guard separator == UInt8(ascii: ",") || separator == UInt8(ascii: "}") else {
          throw reader.syntaxError("expected ',' or '}'")
        }
        reader.position += 1
        if separator == UInt8(ascii: "}") { break }
      }
    }
    try nameBytes.withUnsafeBufferPointer { (name) throws(CatalogError) in try addItem(fields, name: name) }
  }

  /// Reads the value of `key` (of another key, `otherKey`) into `fields`, the name's UTF-8 into
  /// `nameBytes`, and notes another key in `otherKeys`; returns whether the key was there already.
  private mutating func readItemValue(
    _ key: ItemKey, otherKey: String, into fields: inout ItemFields, otherKeys: inout [String],
    nameBytes: inout [UInt8]
  ) throws(CatalogError) -> Bool {
    switch key {
    case .id:
      guard !(try startString(.id, in: &fields)) else { return true }
      if fields.isReading {
        let id = try reader.readString(strict: false, maximumLength: Catalog.maximumIDLength)
        // A field past its limit is refused at once: the rest of it and of the item is not read.
        if id.problem == .tooLong { try validator.checkID(id) }
        fields.id = id
      }
      return false
    case .name:
      guard !(try startString(.name, in: &fields)) else { return true }
      if fields.isReading {
        let name = try reader.readString(strict: false, maximumLength: Catalog.maximumNameLength) {
          nameBytes.append(contentsOf: $0)
        }
        if name.problem == .tooLong {
          try validator.checkName(name, showsACharacter: true, id: Self.shownID(fields) ?? "")
        }
        fields.name = name
      }
      return false
    case .description:
      guard !(try startString(.description, in: &fields)) else { return true }
      if fields.isReading {
        let description = try reader.readString(
          strict: false, maximumLength: Catalog.maximumDescriptionLength)
        if description.problem == .tooLong {
          try validator.checkDescription(description, id: Self.shownID(fields) ?? "")
        }
        fields.description = description
      }
      return false
    case .price: return try readPrice(into: &fields)
    case .other:
      guard !otherKeys.contains(otherKey) else { return true }
      otherKeys.append(otherKey)
      try reader.skipValue(depth: 3)
      return false
    }
  }

  /// The known fields of the item being read: each value that has the right kind, and which keys
  /// were present and which had a value of the wrong kind.
  struct ItemFields {
    var id: ScannedString?
    /// The name's facts; its UTF-8 is kept apart.
    var name: TextFacts?
    var description: ScannedString?
    var price: JSONNumber?
    var present: KnownKey = []
    var wrongType: KnownKey = []
    /// Whether the value `startString` is at is a string to read (not a repeat, not another kind).
    var isReading = false
  }

  /// Bits for the four keys the format knows.
  struct KnownKey: OptionSet {
    let rawValue: UInt8
    static let id = KnownKey(rawValue: 1)
    static let name = KnownKey(rawValue: 2)
    static let price = KnownKey(rawValue: 4)
    static let description = KnownKey(rawValue: 8)

    // The two operations the parser uses at every key, written out: `OptionSet`'s own are generic
    // code, which a debug build runs through metadata lookups (a fifth of a debug parse).

    func contains(_ key: KnownKey) -> Bool { rawValue & key.rawValue == key.rawValue }

    @discardableResult
    mutating func insert(_ key: KnownKey) -> (inserted: Bool, memberAfterInsert: KnownKey) {
      if contains(key) { return (false, key) }
      self = KnownKey(rawValue: rawValue | key.rawValue)
      return (true, key)
    }
  }

  /// At a string field's value: sets `fields.isReading` if it is a string to read next, or skips a
  /// value of another kind; returns whether the key was already present.
  private mutating func startString(_ key: KnownKey, in fields: inout ItemFields) throws(CatalogError) -> Bool
  {
    fields.isReading = false
    guard fields.present.insert(key).inserted else { return true }
    try reader.skipWhitespace()
    if try reader.peek() == UInt8(ascii: "\"") {
      fields.isReading = true
    } else {
      try reader.skipValue(depth: 3)
      fields.wrongType.insert(key)
    }
    return false
  }

  private mutating func readPrice(into fields: inout ItemFields) throws(CatalogError) -> Bool {
    guard fields.present.insert(.price).inserted else { return true }
    try reader.skipWhitespace()
    switch try reader.peek() {
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): fields.price = try reader.readNumber()
    default:
      try reader.skipValue(depth: 3)
      fields.wrongType.insert(.price)
    }
    return false
  }

  /// Checks the fields of the item just read, in the order id, name (whose UTF-8 is `name`), price,
  /// description, and adds it.
  private mutating func addItem(
    _ fields: borrowing ItemFields, name: UnsafeBufferPointer<UInt8>
  ) throws(CatalogError) {
    guard let idText = fields.id else {
      throw validator.itemError(
        fields.wrongType.contains(.id) ? .wrongType(expected: "a string") : .missingField, field: "id")
    }
    try validator.checkID(idText)
    let itemID = idText.text
    guard let nameText = fields.name else {
      throw validator.itemError(
        fields.wrongType.contains(.name) ? .wrongType(expected: "a string") : .missingField, field: "name",
        id: itemID)
    }
    try validator.checkName(
      nameText, showsACharacter: CatalogValidator.showsACharacter(name), id: itemID)
    let price: Int
    switch fields.price {
    case .integer(let value)?: price = value
    case .other(let literal)?:
      throw validator.itemError(.priceOutOfRange(literal), field: "price", id: itemID)
    case nil:
      throw validator.itemError(
        fields.wrongType.contains(.price) ? .wrongType(expected: "a whole number") : .missingField,
        field: "price", id: itemID)
    }
    try validator.checkPrice(price, id: itemID)
    if fields.wrongType.contains(.description) {
      throw validator.itemError(.wrongType(expected: "a string"), field: "description", id: itemID)
    }
    if let description = fields.description { try validator.checkDescription(description, id: itemID) }
    contents.add(id: itemID, name: name, price: price, description: fields.description?.text)
  }

  /// Reads an item's key; the four the format knows are matched on their bytes when unescaped, and
  /// any other key's text is put in `other`.
  private mutating func readItemKey(
    other: inout String, fields: borrowing ItemFields
  ) throws(CatalogError) -> ItemKey {
    if try reader.ensureAvailable(16) {
      // Eight bytes from the opening quote, compared at once with each known key's bytes.
      let raw = UnsafeRawPointer(reader.bytes.baseAddress! + reader.position)
      let word = raw.loadUnaligned(as: UInt64.self)
      if word & 0xFFFF_FFFF == Self.idKey {
        reader.position += 4
        return .id
      }
      if word & 0xFFFF_FFFF_FFFF == Self.nameKey {
        reader.position += 6
        return .name
      }
      if word & 0xFF_FFFF_FFFF_FFFF == Self.priceKey {
        reader.position += 7
        return .price
      }
      if word == Self.descriptionKeyStart
        && raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & 0xFF_FFFF_FFFF == Self.descriptionKeyEnd
      {
        reader.position += 13
        return .description
      }
    }
    let scanned = try reader.readString(strict: true, maximumLength: JSONLimits.maximumKeyLength)
    if scanned.problem == .tooLong {
      throw validator.itemError(
        .keyTooLong(scanned.text, limit: JSONLimits.maximumKeyLength), field: nil, id: Self.shownID(fields))
    }
    switch scanned.text {
    case "id": return .id
    case "name": return .name
    case "price": return .price
    case "description": return .description
    case let text:
      other = text
      return .other
    }
  }

  /// The little-endian bytes of `"id"`, `"name"`, `"price"` and `"description"`, quotes included
  /// (`CatalogJSONParserTests` checks them against the text).
  static var idKey: UInt64 { 0x2264_6922 }
  static var nameKey: UInt64 { 0x2265_6D61_6E22 }
  static var priceKey: UInt64 { 0x22_6563_6972_7022 }
  static var descriptionKeyStart: UInt64 { 0x7069_7263_7365_6422 }
  static var descriptionKeyEnd: UInt64 { 0x22_6E6F_6974 }

  private func repeatedKeyError(
    _ key: ItemKey, _ otherKey: String, startingAt offset: Int, fields: ItemFields
  ) -> CatalogError {
    let name: String
    switch key {
    case .id: name = "id"
    case .name: name = "name"
    case .price: name = "price"
    case .description: name = "description"
    case .other: name = otherKey
    }
    guard
      case .duplicateKey(_, let line, let column) = reader.duplicateKeyError(name, startingAt: offset).problem
    else { preconditionFailure("a duplicate key error") }
    return validator.itemError(
      .duplicateKey(name, line: line, column: column), field: nil, id: Self.shownID(fields))
  }

  /// The id an error in the item being read shows: the id read so far, if it was readable.
  static func shownID(_ fields: borrowing ItemFields) -> String? {
    fields.id.flatMap { $0.problem == nil ? $0.text : nil }
  }
}
