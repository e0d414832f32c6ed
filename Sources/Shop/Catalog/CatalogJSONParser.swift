/// A single-pass parser for the catalog file format, reading bytes straight into items, their id
/// index and their descriptions.
///
/// Much faster and leaner than a general JSON tree for a million items, and it knows where every
/// value came from, so problems name their item and field. The JSON is checked as strictly as
/// `JSONReader` reads it; keys the format does not know are checked and skipped.
struct CatalogJSONParser {
  var reader: JSONReader<CatalogError>
  var validator: CatalogValidator
  var contents: CatalogContents
  /// The items of the file's second half, being read on another core, if they are (see
  /// `CatalogSecondHalf`): taken when this parser arrives where they start.
  var secondHalf: CatalogSecondHalf?
  /// Room for an item's name while it is read (`parseItem`).
  var nameScratch: [UInt8] = []

  /// A parser for a catalog read by `reader` from where it stands; `source` names it in errors.
  init(reader: consuming JSONReader<CatalogError>, source: String, secondHalf: CatalogSecondHalf? = nil) {
    // The smallest item, {"id":"a","name":"b","price":0} and a comma, takes 32 bytes.
    let bytesAhead = reader.announcedSize - reader.absoluteOffset(of: 0)
    let estimate = min(bytesAhead / 32 + 1, Catalog.maximumItemCount)
    self.reader = reader
    self.secondHalf = secondHalf
    validator = CatalogValidator(source: source)
    // Names take fewer bytes than the file: room for that much is reserved, not written.
    contents = CatalogContents(expectedCount: estimate, nameBytes: bytesAhead)
  }

  /// Parses a whole catalog file, checking every field; ids are checked for repeats by `Catalog`.
  consuming func parseContents() throws(CatalogError) -> CatalogContents {
    defer { secondHalf?.abandon() }
    do {
      try parseTopLevel()
    } catch {
      throw error.from(validator.source)
    }
    return contents
  }

  private mutating func parseTopLevel() throws(CatalogError) {
    try reader.skipByteOrderMark()
    try reader.skipWhitespace()
    guard try reader.peek() == UInt8(ascii: "{") else {
      throw reader.syntaxError(
        try reader.isAtEnd() ? "the file is empty" : "expected '{' at the start of the catalog")
    }
    reader.position += 1
    var currency: String?
    var sawItems = false
    var keys = Set<String>()
    // A value of the wrong type, refused once the object is read: a repeat of its key, later in the
    // object, is the problem to report (neither value is taken). What follows it is only checked as
    // JSON.
    var wrongType: CatalogError?
    try parseMembers { (parser, key, keyStart) throws(CatalogError) in
      guard keys.insert(key).inserted else {
        throw parser.reader.duplicateKeyError(key, startingAt: keyStart)
      }
      guard wrongType == nil else {
        try parser.reader.skipValue(depth: 1)
        return
      }
      switch key {
      case "currency":
        try parser.reader.skipWhitespace()
        guard try parser.reader.peek() == UInt8(ascii: "\"") else {
          wrongType = CatalogError(source: "", field: "currency", problem: .wrongType(expected: "a string"))
          try parser.reader.skipValue(depth: 1)
          return
        }
        // Read only as far as an error quotes it: it is three letters or refused.
        currency = try parser.reader.readString(
          strict: true, maximumLength: UntrustedText.maximumQuotedLength + 1
        ).text
      case "items":
        try parser.reader.skipWhitespace()
        guard try parser.reader.peek() == UInt8(ascii: "[") else {
          guard Self.startsValue(try parser.reader.peek()) else {
            throw parser.reader.syntaxError("expected a value")
          }
          wrongType = CatalogError(source: "", field: "items", problem: .wrongType(expected: "an array"))
          try parser.reader.skipValue(depth: 1)
          return
        }
        try parser.parseItems()
        sawItems = true
      default:
        try parser.reader.skipValue(depth: 1)
      }
    }
    try reader.skipWhitespace()
    guard try reader.isAtEnd() else { throw reader.syntaxError("unexpected text after the catalog object") }
    if let wrongType { throw wrongType }
    guard let currency else { throw CatalogError(source: "", field: "currency", problem: .missingField) }
    try validator.checkCurrency(currency)
    guard sawItems else { throw CatalogError(source: "", field: "items", problem: .missingField) }
    contents.currency = currency
  }

  /// Reads `"key": value` pairs up to the closing brace; the opening brace was just read. `member`
  /// reads the value; it gets the key and the offset where the key started.
  private mutating func parseMembers(
    _ member: (inout CatalogJSONParser, String, Int) throws(CatalogError) -> Void
  ) throws(CatalogError) {
    try reader.skipWhitespace()
    if try reader.peek() == UInt8(ascii: "}") {
      reader.position += 1
      return
    }
    var keyCount = 0
    while true {
      try reader.skipWhitespace()
      guard try reader.peek() == UInt8(ascii: "\"") else { throw reader.syntaxError("expected a quoted key") }
      keyCount += 1
      guard keyCount <= JSONLimits.maximumKeyCount else {
        throw CatalogError(source: "", problem: .tooManyKeys(limit: JSONLimits.maximumKeyCount))
      }
      let keyStart = reader.absoluteOffset(of: reader.position)
      let scanned = try reader.readString(strict: true, maximumLength: JSONLimits.maximumKeyLength)
      if scanned.problem == .tooLong {
        throw CatalogError(
          source: "", problem: .keyTooLong(scanned.text, limit: JSONLimits.maximumKeyLength))
      }
      let key = scanned.text
      try reader.expect(UInt8(ascii: ":"), "expected ':' after a key")
      try member(&self, key, keyStart)
      try reader.skipWhitespace()
      switch try reader.peek() {
      case UInt8(ascii: ","): reader.position += 1
      case UInt8(ascii: "}"):
        reader.position += 1
        return
      default: throw reader.syntaxError("expected ',' or '}'")
      }
    }
  }

  /// Reads the items array; call with the reader at its `[`.
  private mutating func parseItems() throws(CatalogError) {
    reader.position += 1
    try reader.skipWhitespace()
    if try reader.peek() == UInt8(ascii: "]") {
      reader.position += 1
      return
    }
    while true {
      try parseItem()
      try reader.skipWhitespace()
      switch try reader.peek() {
      case UInt8(ascii: ","):
        reader.position += 1
        if secondHalf != nil, try takeSecondHalf() { return }
      case UInt8(ascii: "]"):
        reader.position += 1
        return
      default: throw reader.syntaxError("expected ',' or ']' after an item")
      }
    }
  }

  /// At the start of an item: once it is at or past where the second half starts, adds the second
  /// half's items and moves past their closing bracket, if it starts exactly here and holds only good
  /// items, not too many; returns whether it did. Otherwise the second half is dropped and reading goes
  /// on from here, as if there had been none.
  private mutating func takeSecondHalf() throws(CatalogError) -> Bool {
    try reader.skipWhitespace()
    guard let half = secondHalf, reader.absoluteOffset(of: reader.position) >= half.start else {
      return false
    }
    secondHalf = nil
    guard reader.absoluteOffset(of: reader.position) == half.start else {
      half.abandon()
      return false
    }
    // This half's ids are sorted for the index while the other core may still be reading. Should its
    // items not be taken, the next item added here unsorts them again.
    contents.sortIDEntries()
    guard let (items, end) = half.take(fitting: Catalog.maximumItemCount - contents.items.count) else {
      half.abandon()
      return false
    }
    contents.append(contentsOf: items)
    reader.move(toAbsoluteOffset: end)
    return true
  }

  static func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "["),
      UInt8(ascii: "{"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      return true
    default:
      return false
    }
  }
}
