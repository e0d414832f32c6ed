/// Why a catalog was refused: one problem, located by file, item and field where there are ones.
public struct CatalogError: Error, Equatable, CustomStringConvertible {
  /// What is wrong.
  public enum Problem: Equatable, Sendable {
    /// The file could not be read; the system's reason.
    case unreadable(String)
    /// The text is not JSON; where (1-based line and column) and what was expected.
    case malformedJSON(line: Int, column: Int, detail: String)
    /// A required field is absent.
    case missingField
    /// A field has the wrong JSON type; what was expected, such as "a string".
    case wrongType(expected: String)
    /// A string field is empty.
    case empty
    /// A name has only white space and invisible characters.
    case blank
    /// The id was already used by the item at this index.
    case duplicateID(firstIndex: Int)
    /// The id belongs to the built-in paper bag.
    case reservedID
    /// A code point `UntrustedText` escapes (a C0 or C1 control, DEL, a bidirectional control, a line
    /// or paragraph separator) in an id or name; its code point.
    case controlCharacter(UInt32)
    /// A price outside `0...Catalog.maximumPrice`, as written in the file.
    case priceOutOfRange(String)
    /// The currency is not three capital letters.
    case invalidCurrency(String)
    /// Three capital letters, but not an ISO 4217 currency Foundation knows (see `Money`).
    case unknownCurrency(String)
    /// More items than `Catalog.maximumItemCount`.
    case tooManyItems
    /// A string field's bytes are not UTF-8.
    case invalidUTF8
    /// A string field holds a `\u` escape of a lone surrogate (not a character); that code unit.
    case unpairedSurrogate(UInt32)
    /// A string field is longer than its limit, in Unicode scalars (it is not read past the limit).
    case tooLong(limit: Int)
    /// An object the catalog is read from (its top level or an item) has more keys than the limit.
    case tooManyKeys(limit: Int)
    /// A key of an object the catalog is read from is longer than the limit; its start.
    case keyTooLong(String, limit: Int)
    /// An object repeats a key; where (1-based line and byte column) the repeat starts. The shop
    /// refuses repeated keys rather than pick one of the values.
    case duplicateKey(String, line: Int, column: Int)
    /// The file is larger than `Catalog.maximumFileSize`; its size in bytes, or as much as was read.
    case fileTooLarge(size: Int)
  }

  /// The file (or other source) the catalog came from.
  public let source: String
  /// The position of the item in `items`, when the problem is in one.
  public let itemIndex: Int?
  /// The item's id, when the problem is in an item whose id is known and printable.
  public let itemID: String?
  /// The field, when the problem is in one.
  public let field: String?
  /// What is wrong.
  public let problem: Problem

  /// Creates an error.
  public init(
    source: String, itemIndex: Int? = nil, itemID: String? = nil, field: String? = nil, problem: Problem
  ) {
    self.source = source
    self.itemIndex = itemIndex
    self.itemID = itemID
    self.field = field
    self.problem = problem
  }

  /// One line: `catalog.json: items[3] (id "apple"), field "price": ...`.
  public var description: String {
    var location = ""
    if let itemIndex {
      location += "items[\(itemIndex)]"
      if let itemID { location += " (id \(UntrustedText.quoted(itemID)))" }
    }
    if let field {
      location += location.isEmpty ? "field \"\(field)\"" : ", field \"\(field)\""
    }
    let prefix = location.isEmpty ? "\(source): " : "\(source): \(location): "
    return prefix + problemText
  }

  private var problemText: String {
    switch problem {
    case .unreadable(let reason): return "cannot read the catalog: \(reason)"
    case .malformedJSON(let line, let column, let detail):
      return "not valid JSON at line \(line), column \(column): \(detail)"
    case .missingField: return "is missing"
    case .wrongType(let expected): return "must be \(expected)"
    case .empty: return "must not be empty"
    case .blank: return "must have a character that shows (it has only spaces or invisible characters)"
    case .duplicateID(let firstIndex): return "duplicate id, already used by items[\(firstIndex)]"
    case .reservedID: return "the id \"\(ShoppingItem.paperBagID)\" is reserved for the paper bag"
    case .controlCharacter(let value): return "contains \(UntrustedText.describeUnsafe(value))"
    case .priceOutOfRange(let written):
      let shown = UntrustedText.cut(written, to: UntrustedText.maximumQuotedLength)
      return "must be a whole number from 0 to \(Catalog.maximumPrice), got \(shown)"
    case .invalidCurrency(let written):
      return "must be three capital letters such as EUR, got \(UntrustedText.quoted(written))"
    case .unknownCurrency(let written):
      return "must be an ISO 4217 currency code such as EUR or JPY, got \(UntrustedText.quoted(written))"
    case .tooManyItems: return "more than \(Catalog.maximumItemCount) items"
    case .invalidUTF8: return "is not valid UTF-8"
    case .unpairedSurrogate(let unit):
      return
        "contains \\u\(String(unit, radix: 16, uppercase: true)), an unpaired surrogate (not a character)"
    case .tooLong(let limit):
      return "must be at most \(limit) characters"
    case .tooManyKeys(let limit): return "more than \(limit) keys in one object"
    case .keyTooLong(let start, let limit):
      return "a key is longer than \(limit) characters: \(UntrustedText.quoted(start))"
    case .duplicateKey(let key, let line, let column):
      return
        "the key \(UntrustedText.quoted(key)) appears more than once (again at line \(line), column \(column))"
    case .fileTooLarge(let size):
      return "cannot read the catalog: it is \(size) bytes, more than the limit of \(Catalog.maximumFileSize)"
        + " (\(ByteCount.text(Catalog.maximumFileSize)))"
    }
  }
}

extension CatalogError: JSONFailure {
  static func syntax(_ detail: String, line: Int, column: Int) -> CatalogError {
    CatalogError(source: "", problem: .malformedJSON(line: line, column: column, detail: detail))
  }

  static func duplicateKey(_ key: String, line: Int, column: Int) -> CatalogError {
    CatalogError(source: "", problem: .duplicateKey(key, line: line, column: column))
  }

  static func unreadable(_ failure: RegularFile.Failure) -> CatalogError {
    CatalogError(source: "", problem: failure.catalogProblem)
  }

  /// The same error, naming `source` as where the catalog came from.
  func from(_ source: String) -> CatalogError {
    CatalogError(source: source, itemIndex: itemIndex, itemID: itemID, field: field, problem: problem)
  }
}
