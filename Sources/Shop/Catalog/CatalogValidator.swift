/// The catalog's rules for one item's fields, so that a problem names its item and field.
struct CatalogValidator {
  let source: String
  /// The index of the item being checked.
  var itemIndex = 0

  init(source: String) {
    self.source = source
  }

  func checkCurrency(_ currency: String) throws(CatalogError) {
    let isThreeCapitals = currency.utf8.count == 3 && currency.utf8.allSatisfy { (0x41...0x5A).contains($0) }
    guard isThreeCapitals else {
      throw CatalogError(source: source, field: "currency", problem: .invalidCurrency(currency))
    }
    guard Money.isKnownCurrency(currency) else {
      throw CatalogError(source: source, field: "currency", problem: .unknownCurrency(currency))
    }
  }

  /// The error for a problem in the item being checked.
  func itemError(_ problem: CatalogError.Problem, field: String?, id: String? = nil) -> CatalogError {
    let printableID = id.flatMap { $0.isEmpty ? nil : $0 }
    return CatalogError(
      source: source, itemIndex: itemIndex, itemID: printableID, field: field, problem: problem)
  }

  /// Checks an id: readable, not empty, nothing `UntrustedText` escapes, not too long, not the bag's.
  func checkID(_ id: borrowing ScannedString) throws(CatalogError) {
    // An id that cannot be shown is not repeated in its own errors.
    try checkText(
      id.facts, field: "id", id: id.problem == nil || id.problem == .tooLong ? id.text : nil,
      maximumLength: Catalog.maximumIDLength)
    if id.length == 9, id.text == ShoppingItem.paperBagID {
      throw itemError(.reservedID, field: "id", id: id.text)
    }
  }

  /// Checks a name: readable, not empty, nothing `UntrustedText` escapes, not too long, and with a
  /// character that shows (``showsACharacter(_:)``: a name of spaces and zero-width characters
  /// draws as a blank row).
  func checkName(_ name: TextFacts, showsACharacter: Bool, id: String) throws(CatalogError) {
    try checkText(name, field: "name", id: id, maximumLength: Catalog.maximumNameLength)
    if !showsACharacter { throw itemError(.blank, field: "name", id: id) }
  }

  /// Whether `utf8` holds a character that is neither white space nor invisible (a format character,
  /// such as a zero-width space or joiner, or one Unicode says to ignore when it cannot be shown).
  static func showsACharacter(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    // Almost every name has a visible ASCII character, found without decoding.
    if utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return true }
    return String(decoding: utf8, as: UTF8.self).unicodeScalars.contains { scalar in
      let properties = scalar.properties
      return
        !(properties.isWhitespace || properties.isDefaultIgnorableCodePoint
        || properties.generalCategory == .format || properties.generalCategory == .control)
    }
  }

  /// Checks a description by the same rules as a name, with its own length limit.
  func checkDescription(_ description: borrowing ScannedString, id: String) throws(CatalogError) {
    try checkText(
      description.facts, field: "description", id: id, maximumLength: Catalog.maximumDescriptionLength)
  }

  func checkPrice(_ price: Int, id: String) throws(CatalogError) {
    guard (0...Catalog.maximumPrice).contains(price) else {
      throw itemError(.priceOutOfRange(String(price)), field: "price", id: id)
    }
  }

  /// Checks the text of `field`; errors show `shownID`.
  private func checkText(
    _ text: TextFacts, field: String, id shownID: String?, maximumLength: Int
  ) throws(CatalogError) {
    switch text.problem {
    case .invalidUTF8?: throw itemError(.invalidUTF8, field: field, id: shownID)
    case .unpairedSurrogate(let unit)?: throw itemError(.unpairedSurrogate(unit), field: field, id: shownID)
    // Only its start was read: that is checked first, then the length.
    case .tooLong?, nil: break
    }
    if text.length == 0 { throw itemError(.empty, field: field, id: shownID) }
    if let unsafe = text.firstUnsafe { throw itemError(.controlCharacter(unsafe), field: field, id: shownID) }
    if text.length > maximumLength {
      throw itemError(.tooLong(limit: maximumLength), field: field, id: shownID)
    }
  }
}
