import Foundation
import Testing

@testable import Shop

/// Seeded mutations of valid catalogs: the parser never crashes or hangs, every refusal is one safe
/// line, a refusal as "not valid JSON" is one Foundation's parser agrees with, and every catalog it
/// accepts is valid JSON that round-trips its items and descriptions.
@Suite struct CatalogFuzzTests {
  /// A valid catalog: a few items with names in several scripts, escapes, descriptions, and unknown
  /// fields holding every kind of value.
  static func validCatalog(using random: inout SeededGenerator) -> String {
    let names = [
      "Apple", "Crème fraîche", "抹茶 Matcha", "Jalapeño", "\\u00e9clair", "Quote \\\" mark",
      "Slash \\/ back \\\\", "🍎 \\ud83c\\udf4e", "Ünïcödé", String(repeating: "long ", count: 30),
    ]
    let extras = [
      "true", "false", "null", "0", "-0", "1.5e-3", "12E+2", #""note""#, "[]", "{}",
      #"[1, "two", {"three": [null]}]"#,
      #"{"a": {"b": {"c": [1, 2, 3]}}}"#, "123456789012345678901234567890",
    ]
    var items: [String] = []
    for index in 0..<Int.random(in: 0...6, using: &random) {
      var fields = [
        #""id": "item-\#(index)""#, #""name": "\#(names.randomElement(using: &random)!)""#,
        #""price": \#(Int.random(in: 0...Catalog.maximumPrice, using: &random))"#,
      ]
      if Bool.random(using: &random) {
        fields.append(#""description": "About \#(names.randomElement(using: &random)!)""#)
      }
      if Bool.random(using: &random) {
        fields.append(#""x-\#(index)": \#(extras.randomElement(using: &random)!)"#)
      }
      fields.shuffle(using: &random)
      items.append("{" + fields.joined(separator: ", ") + "}")
    }
    var members = [
      #""currency": "\#(["EUR", "JPY", "USD"].randomElement(using: &random)!)""#,
      #""items": [\#(items.joined(separator: ",\n "))]"#,
    ]
    if Bool.random(using: &random) { members.append(#""meta": \#(extras.randomElement(using: &random)!)"#) }
    members.shuffle(using: &random)
    return "{" + members.joined(separator: ",\n") + "}\n"
  }

  /// The catalog written back in the file format, every string escaped as JSON requires.
  static func json(of catalog: Catalog) -> String {
    func quoted(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result + "\""
    }
    let items = catalog.items.indices.map { index in
      let item = catalog.items[index]
      var fields = [
        #""id": \#(quoted(item.id))"#, #""name": \#(quoted(item.name))"#, #""price": \#(item.price)"#,
      ]
      if let description = catalog.description(ofItemAt: index) {
        fields.append(#""description": \#(quoted(description))"#)
      }
      return "{" + fields.joined(separator: ", ") + "}"
    }
    return #"{"currency": \#(quoted(catalog.currency)), "items": [\#(items.joined(separator: ", "))]}"#
  }

  /// What Foundation's `JSONSerialization` says about `bytes`, where it follows RFC 8259: nil where it
  /// does not (it accepts trailing commas, `[1, ]`, and refuses numbers beyond `Double`, `1e400`).
  static func foundationVerdict(_ bytes: [UInt8]) -> Bool? {
    let text = String(decoding: bytes, as: UTF8.self)
    let outsideTheRFC = [#",\s*[\]}]"#, #"[0-9]{300,}"#, #"[eE][+-]?[0-9]{3,}"#]
    if outsideTheRFC.contains(where: { text.range(of: $0, options: .regularExpression) != nil }) {
      return nil
    }
    return (try? JSONSerialization.jsonObject(with: Data(bytes))) != nil
  }

  /// What is wrong with the outcome of parsing `bytes`, or nil.
  static func problem(parsing bytes: [UInt8]) -> String? {
    let foundation = foundationVerdict(bytes)
    let catalog: Catalog
    do {
      catalog = try Catalog.parse(bytes, source: "fuzz.json")
    } catch {
      if let problem = FuzzMutation.messageProblem(error.description) { return problem }
      if case .malformedJSON(_, _, let detail) = error.problem, foundation == true,
        detail != "expected '{' at the start of the catalog"
      {
        return "refused as not JSON, which JSONSerialization accepts: \(error) in "
          + String(decoding: bytes, as: UTF8.self).debugDescription
      }
      return nil
    }
    guard foundation != false else {
      return
        "accepted, but JSONSerialization refuses it: \(String(decoding: bytes, as: UTF8.self).debugDescription)"
    }
    let ids = catalog.items.map(\.id)
    guard Set(ids).count == ids.count else { return "accepted repeated ids" }
    for (index, item) in catalog.items.enumerated() {
      let texts = [item.id, item.name] + [catalog.description(ofItemAt: index)].compactMap { $0 }
      if texts.contains(where: { $0.isEmpty || UntrustedText.firstUnsafeScalar(in: $0) != nil }) {
        return "accepted items[\(index)] with an empty or unsafe string"
      }
      if item.id.unicodeScalars.count > Catalog.maximumIDLength
        || item.name.unicodeScalars.count > Catalog.maximumNameLength
        || !(0...Catalog.maximumPrice).contains(item.price) || item.quantity != 1
      {
        return "accepted items[\(index)] out of its limits"
      }
    }
    let written = json(of: catalog)
    guard let again = try? Catalog.parse(Array(written.utf8), source: "again.json") else {
      return "accepted, but its items written back are refused: \(written.prefix(300))"
    }
    let descriptions = { (catalog: Catalog) in catalog.items.indices.map(catalog.description(ofItemAt:)) }
    guard again.items == catalog.items, again.currency == catalog.currency,
      descriptions(again) == descriptions(catalog)
    else { return "accepted, but its items do not round-trip" }
    return nil
  }

  @Test func theSeedCatalogsAreValidAndRoundTrip() {
    FuzzRun(defaultIterations: 200, baseSeed: 0xCA7A_1000).forEachSeed { _, random in
      let text = Self.validCatalog(using: &random)
      do {
        _ = try Catalog.parse(Array(text.utf8), source: "seed.json")
      } catch {
        return "refused: \(error)"
      }
      return Self.problem(parsing: Array(text.utf8))
    }
  }

  @Test(.timeLimit(FuzzRun.timeLimit))
  func mutatedCatalogsAreRefusedInOneSafeLineOrAcceptedWhole() {
    var outcomes: [String: Int] = [:]
    let run = FuzzRun(defaultIterations: 2_500, baseSeed: 0xCA7A_0000)
    run.forEachSeed { _, random in
      let valid = Array(Self.validCatalog(using: &random).utf8)
      let mutated = FuzzMutation.mutate(valid, using: &random)
      let outcome: String
      do throws(CatalogError) {
        _ = try Catalog.parse(mutated, source: "fuzz.json")
        outcome = "accepted"
      } catch {
        if case .malformedJSON = error.problem { outcome = "not JSON" } else { outcome = "refused otherwise" }
      }
      outcomes[outcome, default: 0] += 1
      return Self.problem(parsing: mutated)
    }
    print("catalog fuzz: \(run.iterations) inputs, \(outcomes.sorted { $0.key < $1.key })")
  }
}
