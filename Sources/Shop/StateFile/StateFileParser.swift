import Foundation

/// Reads a state file in one pass straight into a `StateFileDocument`, checking it as strictly as
/// `JSONReader` reads and keeping nothing of what the format does not use.
///
/// Its problems come in the order a reader of the file needs them: not JSON (or a repeated key, or a
/// key or string past its limit) first, wherever it is, since reading stops there; then a missing or
/// newer version, wherever the version is; then the first problem with the content's shape, as
/// `JSONDecoder` would have found it (the basket before the orders, an object's fields in the order
/// the format lists them). Past the limits on orders and lines, nothing more is kept: the rest of the
/// array is only checked as JSON.
struct StateFileParser {
  /// What reading found: a document, and whether every id and name in it was found not empty and
  /// free of anything `UntrustedText` escapes (so `contentProblem` need not look at them again); or
  /// the first problem with it.
  typealias Outcome = Result<(document: StateFileDocument, textsAreSafe: Bool), StateFileReader.Problem>

  private var reader: JSONReader<StateJSONProblem>
  private var textsAreSafe = true
  /// The lines of the array being read, the basket's or an order's, packed as they are read: their ids
  /// and names go from the input straight into it, never into a `String` of their own.
  private var building = OrderItems()

  init(reader: consuming JSONReader<StateJSONProblem>) {
    self.reader = reader
  }

  /// One of the document's arrays as read: its elements while they are fine, or the first problem.
  private enum Section<Elements> {
    case absent
    case elements(Elements)
    case problem(StateFileReader.Problem)

    var problem: StateFileReader.Problem? {
      if case .problem(let found) = self { return found }
      return nil
    }
  }

  /// A field of an object as read.
  private enum Field<Value> {
    case absent
    case wrongType
    case value(Value)
  }

  /// Reads the whole input; throws for what stops reading (see the type's summary).
  consuming func parse() throws(StateJSONProblem) -> Outcome {
    try reader.skipByteOrderMark()
    try reader.skipWhitespace()
    guard try reader.peek() == UInt8(ascii: "{") else {
      try reader.skipValue(depth: 0)
      try expectEnd()
      return .failure(.wrongShape("no integer \"version\""))
    }
    reader.position += 1
    var version = Field<Int>.absent
    var basket = Section<OrderItems>.absent
    var orders = Section<[Order]>.absent
    try readMembers(at: "top level", known: Self.topLevelKeys) { (parser, key) throws(StateJSONProblem) in
      switch key {
      case "version": version = try parser.readInteger(depth: 1)
      case "basket":
        basket = try parser.readLines(at: "basket", depth: 1) {
          .pastLimit("the basket has more than \($0) lines")
        }
      case "orders": orders = try parser.readOrders()
      default: try parser.reader.skipValue(depth: 1)
      }
    }
    try expectEnd()
    guard case .value(let number) = version else { return .failure(.wrongShape("no integer \"version\"")) }
    guard number <= StateFileDocument.currentVersion else { return .failure(.newerVersion(number)) }
    guard number >= 1 else { return .failure(.wrongShape("version \(number) is not valid")) }
    if let problem = basket.problem ?? orders.problem { return .failure(problem) }
    guard case .elements(let lines) = basket else { return .failure(Self.missing("basket", at: "top level")) }
    guard case .elements(let placed) = orders else {
      return .failure(Self.missing("orders", at: "top level"))
    }
    return .success((StateFileDocument(version: number, basket: Array(lines), orders: placed), textsAreSafe))
  }

  private mutating func expectEnd() throws(StateJSONProblem) {
    try reader.skipWhitespace()
    guard try reader.isAtEnd() else { throw reader.syntaxError("unexpected text after the top-level value") }
  }

  /// The keys the format gives each object, for `readMembers`.
  private static let topLevelKeys = ["version", "basket", "orders"]
  private static let lineKeys = ["id", "name", "price", "quantity"]
  private static let orderKeys = ["items", "placedAt"]

  private static func missing(_ key: String, at place: String) -> StateFileReader.Problem {
    .wrongShape("missing \"\(key)\" at \(place)")
  }

  private static func wrongType(at path: String) -> StateFileReader.Problem {
    .wrongShape("wrong type at .\(path)")
  }

  /// Reads `"key": value` pairs up to the closing brace (the opening one was just read), refusing a
  /// repeated key, more than `JSONLimits.maximumKeyCount` keys and a key longer than
  /// `JSONLimits.maximumKeyLength`; `member` reads each value. `place` names the object in errors.
  private mutating func readMembers(
    at place: @autoclosure () -> String, known: [String],
    _ member: (inout StateFileParser, String) throws(StateJSONProblem) -> Void
  ) throws(StateJSONProblem) {
    try reader.skipWhitespace()
    if try reader.peek() == UInt8(ascii: "}") {
      reader.position += 1
      return
    }
    // The format's own keys as bits, others (rare) by their text: no array for a line of four keys.
    var seen: UInt64 = 0
    var others: [String] = []
    var count = 0
    while true {
      try reader.skipWhitespace()
      guard try reader.peek() == UInt8(ascii: "\"") else { throw reader.syntaxError("expected a quoted key") }
      guard count < JSONLimits.maximumKeyCount else {
        throw StateJSONProblem(
          problem: .pastLimit("more than \(JSONLimits.maximumKeyCount) keys in one object at \(place())"))
      }
      let keyStart = reader.absoluteOffset(of: reader.position)
      let scanned = try reader.readString(strict: true, maximumLength: JSONLimits.maximumKeyLength)
      if scanned.problem == .tooLong {
        throw StateJSONProblem(
          problem: .pastLimit(
            "a key at \(place()) is longer than \(JSONLimits.maximumKeyLength) characters:"
              + " \(UntrustedText.quoted(scanned.text))"))
      }
      let isRepeat: Bool
      if let bit = known.firstIndex(of: scanned.text) {
        isRepeat = seen & 1 << bit != 0
        seen |= 1 << bit
      } else {
        isRepeat = others.contains(scanned.text)
        others.append(scanned.text)
      }
      guard !isRepeat else { throw reader.duplicateKeyError(scanned.text, startingAt: keyStart) }
      count += 1
      try reader.expect(UInt8(ascii: ":"), "expected ':' after a key")
      try member(&self, scanned.text)
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

  /// Reads the elements of the array that starts next (after whitespace) with `element`, which is
  /// told each one's index; false, with the value skipped, if it is not an array.
  private mutating func readArray(
    depth: Int, _ element: (inout StateFileParser, Int) throws(StateJSONProblem) -> Void
  ) throws(StateJSONProblem) -> Bool {
    try reader.skipWhitespace()
    guard try reader.peek() == UInt8(ascii: "[") else {
      try reader.skipValue(depth: depth)
      return false
    }
    guard depth < JSONLimits.maximumNesting else {
      throw reader.syntaxError("nested more than \(JSONLimits.maximumNesting) levels deep")
    }
    reader.position += 1
    try reader.skipWhitespace()
    if try reader.peek() == UInt8(ascii: "]") {
      reader.position += 1
      return true
    }
    var index = 0
    while true {
      try element(&self, index)
      index += 1
      try reader.skipWhitespace()
      switch try reader.peek() {
      case UInt8(ascii: ","): reader.position += 1
      case UInt8(ascii: "]"):
        reader.position += 1
        return true
      default: throw reader.syntaxError("expected ',' or ']'")
      }
    }
  }

  /// Reads an array of basket lines at `path` (such as `basket` or `orders[2].items`), at most
  /// `Basket.maximumLineCount` of them; `pastLimit` words the problem for more.
  private mutating func readLines(
    at path: @autoclosure () -> String, depth: Int, pastLimit: (Int) -> StateFileReader.Problem
  ) throws(StateJSONProblem) -> Section<OrderItems> {
    building = OrderItems()
    var problem: StateFileReader.Problem?
    let isArray = try readArray(depth: depth) { (parser, index) throws(StateJSONProblem) in
      guard problem == nil else {
        try parser.reader.skipValue(depth: depth + 1)
        return
      }
      guard index < Basket.maximumLineCount else {
        problem = pastLimit(Basket.maximumLineCount)
        parser.building = OrderItems()  // the rest is only checked as JSON, and nothing is kept
        try parser.reader.skipValue(depth: depth + 1)
        return
      }
      problem = try parser.readLine(at: "\(path())[\(index)]", depth: depth + 1)
      if problem != nil { parser.building = OrderItems() }
    }
    var lines = OrderItems()
    swap(&lines, &building)
    guard isArray else { return .problem(Self.wrongType(at: path())) }
    if let problem { return .problem(problem) }
    // Kept for the whole run: as much room as the lines take, not the room appending left.
    lines.trimCapacity()
    return .elements(lines)
  }

  /// Reads one line object into `building`: `id`, `name`, `price` and `quantity`, checked in that
  /// order; the first problem with it, or nil when it was added.
  private mutating func readLine(
    at path: @autoclosure () -> String, depth: Int
  ) throws(StateJSONProblem) -> StateFileReader.Problem? {
    try reader.skipWhitespace()
    guard try reader.peek() == UInt8(ascii: "{") else {
      try reader.skipValue(depth: depth)
      return Self.wrongType(at: path())
    }
    reader.position += 1
    // Where the id and the name went in `building`'s text.
    var id = Field<Range<Int>>.absent
    var name = Field<Range<Int>>.absent
    var price = Field<Int>.absent
    var quantity = Field<Int>.absent
    try readMembers(at: path(), known: Self.lineKeys) { (parser, key) throws(StateJSONProblem) in
      switch key {
      case "id":
        id = try parser.readText(at: "\(path()).id", maximumLength: Catalog.maximumIDLength, depth: depth + 1)
      case "name":
        name = try parser.readText(
          at: "\(path()).name", maximumLength: Catalog.maximumNameLength, depth: depth + 1)
      case "price": price = try parser.readInteger(depth: depth + 1)
      case "quantity": quantity = try parser.readInteger(depth: depth + 1)
      default: try parser.reader.skipValue(depth: depth + 1)
      }
    }
    func check<Value>(_ field: Field<Value>, _ key: String) -> Result<Value, StateFileReader.Problem> {
      switch field {
      case .absent: return .failure(Self.missing(key, at: "." + path()))
      case .wrongType: return .failure(Self.wrongType(at: "\(path()).\(key)"))
      case .value(let value): return .success(value)
      }
    }
    let checked = check(id, "id").flatMap { id in
      check(name, "name").flatMap { name in
        check(price, "price").flatMap { price in check(quantity, "quantity").map { (id, name, price, $0) } }
      }
    }
    switch checked {
    case .failure(let problem):
      building.dropOpenLine()
      return problem
    case .success(let (id, name, price, quantity)):
      if name.lowerBound < id.lowerBound { building.moveIDBeforeName(idStart: id.lowerBound) }
      building.closeLine(idEnd: building.openLineStart + id.count, price: price, quantity: quantity)
      return nil
    }
  }

  /// Reads the orders array, at most `ShopState.orderHistoryLimit` of them.
  private mutating func readOrders() throws(StateJSONProblem) -> Section<[Order]> {
    var section = Section<[Order]>.elements([])
    let isArray = try readArray(depth: 1) { (parser, index) throws(StateJSONProblem) in
      guard case .elements(var orders) = section else {
        try parser.reader.skipValue(depth: 2)
        return
      }
      guard index < ShopState.orderHistoryLimit else {
        section = .problem(.pastLimit("more than \(ShopState.orderHistoryLimit) orders"))
        try parser.reader.skipValue(depth: 2)
        return
      }
      section = .absent
      switch try parser.readOrder(at: "orders[\(index)]") {
      case .success(let order):
        orders.append(order)
        section = .elements(orders)
      case .failure(let problem): section = .problem(problem)
      }
    }
    return isArray ? section : .problem(Self.wrongType(at: "orders"))
  }

  /// Reads one order object: `items`, then `placedAt` (seconds since 1970).
  private mutating func readOrder(at path: String) throws(StateJSONProblem) -> Result<
    Order, StateFileReader.Problem
  > {
    try reader.skipWhitespace()
    guard try reader.peek() == UInt8(ascii: "{") else {
      try reader.skipValue(depth: 2)
      return .failure(Self.wrongType(at: path))
    }
    reader.position += 1
    var items = Section<OrderItems>.absent
    var placedAt = Field<Double>.absent
    try readMembers(at: path, known: Self.orderKeys) { (parser, key) throws(StateJSONProblem) in
      switch key {
      case "items":
        items = try parser.readLines(at: "\(path).items", depth: 3) {
          .pastLimit("\(path) has more than \($0) lines")
        }
      case "placedAt": placedAt = try parser.readSeconds(depth: 3)
      default: try parser.reader.skipValue(depth: 3)
      }
    }
    let lines: OrderItems
    switch items {
    case .absent: return .failure(Self.missing("items", at: "." + path))
    case .problem(let problem): return .failure(problem)
    case .elements(let read): lines = read
    }
    switch placedAt {
    case .absent: return .failure(Self.missing("placedAt", at: "." + path))
    case .wrongType: return .failure(Self.wrongType(at: "\(path).placedAt"))
    case .value(let seconds):
      return .success(Order(items: lines, placedAt: Date(timeIntervalSince1970: seconds)))
    }
  }

  /// Reads a string field's UTF-8 onto the end of `building`'s text, and where it went; one past
  /// `maximumLength` stops reading (its start is quoted).
  private mutating func readText(
    at path: @autoclosure () -> String, maximumLength: Int, depth: Int
  ) throws(StateJSONProblem) -> Field<Range<Int>> {
    try reader.skipWhitespace()
    guard try reader.peek() == UInt8(ascii: "\"") else {
      try reader.skipValue(depth: depth)
      return .wrongType
    }
    // Moved out while the reader appends to it, so that its storage is never shared (and copied).
    var lines = OrderItems()
    swap(&lines, &building)
    let start = lines.textByteCount
    let facts = try reader.readString(strict: true, maximumLength: maximumLength) { lines.appendText($0) }
    swap(&lines, &building)
    if facts.length == 0 || facts.firstUnsafe != nil { textsAreSafe = false }
    if facts.problem == .tooLong {
      throw StateJSONProblem(
        problem: .pastLimit(
          "\(path()) is longer than \(maximumLength) characters:"
            + " \(UntrustedText.quoted(building.string(fromTextOffset: start)))"))
    }
    return .value(start..<building.textByteCount)
  }

  /// Reads a number that is a whole `Int` (as `JSONDecoder` reads one: `2.0` is 2).
  private mutating func readInteger(depth: Int) throws(StateJSONProblem) -> Field<Int> {
    try reader.skipWhitespace()
    switch try reader.peek() {
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      switch try reader.readNumber() {
      case .integer(let value): return .value(value)
      case .other(let literal):
        guard let value = Double(literal).flatMap({ Int(exactly: $0) }) else { return .wrongType }
        return .value(value)
      }
    default:
      try reader.skipValue(depth: depth)
      return .wrongType
    }
  }

  /// Reads any number as seconds.
  private mutating func readSeconds(depth: Int) throws(StateJSONProblem) -> Field<Double> {
    try reader.skipWhitespace()
    switch try reader.peek() {
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      switch try reader.readNumber() {
      case .integer(let value): return .value(Double(value))
      case .other(let literal): return Double(literal).map(Field.value) ?? .wrongType
      }
    default:
      try reader.skipValue(depth: depth)
      return .wrongType
    }
  }
}
