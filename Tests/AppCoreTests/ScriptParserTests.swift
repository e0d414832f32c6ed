import Shop
import Testing

@testable import AppCore

/// The script language: every bad line is refused, with its number and a message safe to print.
@Suite struct ScriptParserTests {
  private let parser = ScriptParser(catalog: .builtIn)

  private func problems(_ script: String) -> [String] {
    do {
      _ = try parser.parse(script)
      return []
    } catch {
      return error.messages
    }
  }

  @Test func readsEveryCommandSkippingCommentsAndBlankLines() throws {
    let script = """
      # a comment line

      add apple
      add banana 3   # a trailing comment
      remove apple 2
      \tbag
      reorder
      checkout\r
      wait 250ms
      wait 1.5s
      wait 2
      mode simple
      debounce 0
      debounce 5s
      """
    let lines = try parser.parse(script)
    #expect(lines.map(\.number) == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    #expect(
      lines.map(\.step) == [
        .perform(.add(id: "apple", quantity: 1)), .perform(.add(id: "banana", quantity: 3)),
        .perform(.remove(id: "apple", quantity: 2)), .perform(.bag), .perform(.reorder), .perform(.checkout),
        .wait(milliseconds: 250), .wait(milliseconds: 1500), .wait(milliseconds: 2000),
        .perform(.mode(.simple)),
        .perform(.debounce(DebounceInterval(milliseconds: 0))),
        .perform(.debounce(DebounceInterval(milliseconds: 5000))),
      ])
  }

  @Test func refusesAnUnknownCommand() {
    #expect(
      problems("add apple\nfly away") == [
        "error: line 2: unknown command \"fly\" (use add, remove, bag, reorder, checkout, wait, mode, debounce, lane or compare)"
      ])
  }

  @Test func refusesAnUnknownItem() {
    #expect(problems("add pear") == ["error: line 1: no item \"pear\" in the catalog"])
    #expect(problems("remove pear 2") == ["error: line 1: no item \"pear\" in the catalog"])
  }

  @Test func acceptsThePaperBagByID() throws {
    #expect(
      try parser.parse("add paper-bag\nremove paper-bag").map(\.step) == [
        .perform(.add(id: "paper-bag", quantity: 1)), .perform(.remove(id: "paper-bag", quantity: 1)),
      ])
  }

  @Test func refusesABadDuration() {
    #expect(
      problems("wait soon")
        == ["error: line 1: wait: \"soon\" is not a duration (use 250ms, 1s, 1.5s or a number of seconds)"])
    #expect(problems("wait 0.0005s") == ["error: line 1: wait: \"0.0005s\" is finer than a millisecond"])
    #expect(
      problems("wait 2h") == [
        "error: line 1: wait: \"2h\" is not a duration (use 250ms, 1s, 1.5s or a number of seconds)"
      ])
    #expect(problems("wait 3601") == ["error: line 1: wait: \"3601\" is longer than the maximum of 1 hour"])
    #expect(problems("debounce 6s") == ["error: line 1: debounce: \"6s\" is longer than the maximum of 5s"])
    #expect(
      problems("debounce -1")
        == ["error: line 1: debounce: \"-1\" is not a duration (use 250ms, 1s, 1.5s or a number of seconds)"])
  }

  @Test func refusesABadMode() {
    #expect(
      problems("mode fast") == [
        "error: line 1: mode: \"fast\" is not a store mode (use controlled, simple or derived)"
      ])
  }

  @Test(arguments: ["0", "1000", "-1", "+2", "two", "1.5", "٣"])
  func refusesABadCount(_ count: String) {
    #expect(
      problems("add apple \(count)")
        == ["error: line 1: count \(UntrustedText.quoted(count)) must be a whole number from 1 to 999"])
  }

  @Test func refusesMissingAndExtraArguments() {
    #expect(problems("add") == ["error: line 1: add needs an item id (add ID [N])"])
    #expect(problems("remove  # nothing") == ["error: line 1: remove needs an item id (remove ID [N])"])
    #expect(problems("wait") == ["error: line 1: wait needs a duration (wait DURATION)"])
    #expect(problems("debounce") == ["error: line 1: debounce needs a duration (debounce DURATION)"])
    #expect(problems("mode") == ["error: line 1: mode needs a store mode (mode controlled|simple|derived)"])
    #expect(problems("bag now") == ["error: line 1: bag takes no arguments, got \"now\""])
    #expect(problems("checkout please") == ["error: line 1: checkout takes no arguments, got \"please\""])
    #expect(
      problems("add apple 2 3")
        == ["error: line 1: too many arguments to add, starting at \"3\" (add ID [N])"])
    #expect(
      problems("wait 1s 2s") == [
        "error: line 1: too many arguments to wait, starting at \"2s\" (wait DURATION)"
      ])
  }

  @Test func reportsEveryBadLineInOrder() {
    #expect(
      problems("add apple\nadd pear\nbag\nmode fast\n") == [
        "error: line 2: no item \"pear\" in the catalog",
        "error: line 4: mode: \"fast\" is not a store mode (use controlled, simple or derived)",
      ])
  }

  @Test func showsTwentyBadLinesAndCountsTheRest() {
    let lines = problems(String(repeating: "fly\n", count: 25))
    #expect(lines.count == 21)
    #expect(lines.first?.hasPrefix("error: line 1: unknown command \"fly\"") == true)
    #expect(lines[19].hasPrefix("error: line 20: "))
    #expect(lines.last == "error: 5 more bad lines not shown")
  }

  @Test func escapesControlCharactersAndEscapeSequences() {
    #expect(
      problems("add apple 1\tb\u{7F}") == [
        "error: line 1: too many arguments to add, starting at \"b\\u{7F}\" (add ID [N])"
      ])
    #expect(problems("add \"x\\") == ["error: line 1: no item \"\\\"x\\\\\" in the catalog"])
    #expect(problems("add \u{1B}[31mapple") == ["error: line 1: no item \"\\u{1B}[31mapple\" in the catalog"])
    #expect(
      problems("\u{1B}]0;owned\u{07}")[0]
        == "error: line 1: unknown command \"\\u{1B}]0;owned\\u{7}\" (use add, remove, bag, reorder, checkout,"
        + " wait, mode, debounce, lane or compare)")
    #expect(
      problems("mode \u{9B}2J") == [
        "error: line 1: mode: \"\\u{9B}2J\" is not a store mode (use controlled, simple or derived)"
      ])
  }

  @Test func shortensVeryLongText() {
    let long = String(repeating: "x", count: 500)
    #expect(
      problems("add \(long)")
        == ["error: line 1: no item \"\(String(repeating: "x", count: 40))…\" in the catalog"])
  }

  @Test func refusesInvalidUTF8() {
    #expect(throws: ScriptProblems.self) { try parser.parse([0x61, 0x64, 0x64, 0x20, 0xFF, 0x0A]) }
    do {
      _ = try parser.parse([0x62, 0x61, 0x67, 0x0A, 0xC3])
    } catch {
      #expect(error.messages == ["error: line 2: not valid UTF-8 text"])
    }
  }

  @Test func checksItemsAgainstTheCatalogInUse() throws {
    let catalog = try Catalog(currency: "EUR", items: [ShoppingItem(id: "pear", name: "Pear", price: 80)])
    #expect(try ScriptParser(catalog: catalog).parse("add pear").count == 1)
    #expect(throws: ScriptProblems.self) { try ScriptParser(catalog: catalog).parse("add apple") }
  }
}
