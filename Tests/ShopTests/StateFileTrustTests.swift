import Foundation
import Testing

@testable import Shop

/// A state file is untrusted input: what it may say about a bag, which JSON it may use, and what it
/// may hold in names, by the catalog's rules.
@Suite struct StateFileTrustTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func load(_ text: String) throws -> StateLoadResult {
    let directory = TemporaryDirectory()
    let path = directory.write(text, to: "state.json")
    return try StateStore(path: path).load(now: now)
  }

  /// The notice's reason, between "state file PATH " and "; moved it aside".
  private func reason(_ result: StateLoadResult) -> String? {
    guard let notice = result.notice, let start = notice.range(of: "state.json "),
      let end = notice.range(of: "; moved it aside")
    else { return nil }
    return String(notice[start.upperBound..<end.lowerBound])
  }

  @Test func aPaperBagIsAlwaysTheShopsFreeBagWhateverTheFileSays() throws {
    let result = try load(
      #"""
      {"version": 1,
       "basket": [{"id": "paper-bag", "name": "Gold bag free", "price": 100000000, "quantity": 1000000}],
       "orders": [{"placedAt": 1700000000, "items": [
         {"id": "paper-bag", "name": "Bag", "price": 5, "quantity": 2},
         {"id": "tea", "name": "Tea", "price": 300, "quantity": 1}]}]}
      """#)
    #expect(result.notice == nil)
    #expect(result.state.basket.lines == [.paperBag(quantity: 1_000_000)])
    #expect(result.state.basket.subtotal == 0)
    #expect(
      result.state.orders.map(\.items) == [
        [.paperBag(quantity: 2), ShoppingItem(id: "tea", name: "Tea", price: 300, quantity: 1)]
      ])
  }

  @Test func aRepeatedKeyIsRefusedNotResolved() throws {
    // JSONSerialization would keep version 2 here and JSONDecoder version 1.
    let result = try load(#"{"version": 1, "version": 2, "basket": [], "orders": []}"#)
    #expect(
      reason(result)
        == #"is not in the shop state format (the key "version" appears more than once, again at line 1, column 16)"#
    )
    let nested = try load(
      #"{"version": 1, "orders": [], "basket": [{"id": "a", "name": "A", "name": "B", "price": 1, "quantity": 1}]}"#
    )
    #expect(
      reason(nested)
        == #"is not in the shop state format (the key "name" appears more than once, again at line 1, column 66)"#
    )
  }

  @Test func strictJSONRulesApplyToTheStateFileToo() throws {
    #expect(reason(try load(#"{"version": 01, "basket": [], "orders": []}"#)) == "is not valid JSON")
    #expect(
      reason(try load("{\"version\": 1, \"basket\": [], \"orders\": [], \"x\": \"\u{07}\"}"))
        == "is not valid JSON")
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(
      reason(try load(#"{"version": 1, "basket": [], "orders": [], "x": \#(deep)}"#)) == "is not valid JSON")
  }

  @Test func aByteOrderMarkAtTheStartIsAccepted() throws {
    let result = try load("\u{FEFF}" + #"{"version": 1, "basket": [], "orders": []}"#)
    #expect(result.notice == nil)
    #expect(result.state == ShopState())
  }

  @Test func bidiControlsAndSeparatorsInNamesAndIdsAreRefusedWithTheCodePointNamed() throws {
    let bidi = try load(
      #"{"version": 1, "orders": [], "basket": [{"id": "a", "name": "Gold \u202Eeerf", "price": 1, "quantity": 1}]}"#
    )
    #expect(
      reason(bidi)
        == "is not in the shop state format (basket[0].name contains the bidirectional control character U+202E)"
    )
    let separator = try load(
      #"{"version": 1, "basket": [], "orders": [{"placedAt": 1, "items": [{"id": "a\u2028", "name": "A", "price": 1, "quantity": 1}]}]}"#
    )
    #expect(
      reason(separator)
        == "is not in the shop state format (orders[0].items[0].id contains the line separator U+2028)")
  }

  @Test func namesAndIdsHaveTheCatalogsLengthLimits() throws {
    let long = String(repeating: "n", count: Catalog.maximumNameLength + 1)
    let result = try load(
      #"{"version": 1, "orders": [], "basket": [{"id": "a", "name": "\#(long)", "price": 1, "quantity": 1}]}"#
    )
    #expect(
      reason(result)
        == "is past the shop's limits (basket[0].name is longer than 200 characters: \"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn…\")"
    )
  }
}
