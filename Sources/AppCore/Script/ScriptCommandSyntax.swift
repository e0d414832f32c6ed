import Shop

/// The script commands, their arguments and how each is checked.
enum ScriptCommandSyntax {
  /// The most of one item an `add` or `remove` line may name.
  static let countRange = 1...999
  /// The longest `wait`: an hour.
  static let maximumWaitMilliseconds = 3_600_000
  /// The commands, for the message about an unknown one.
  static let names = "add, remove, bag, reorder, checkout, wait, mode, debounce, lane or compare"
  /// The lanes `compare` may name.
  static let compareNames = Comparison.allCases.map(\.rawValue).joined(separator: "|")

  /// The step that `name` with `arguments` asks for, with item ids checked against `catalog`.
  static func step(
    named name: Substring, arguments: [Substring], catalog: Catalog
  ) throws(LineProblem) -> ScriptStep {
    switch name {
    case "add":
      try expect(arguments, count: 1...2, usage: "add ID [N]", needs: "an item id")
      let id = String(arguments[0])
      guard catalog.hasItem(withID: id) else {
        throw LineProblem("no item \(UntrustedText.quoted(id)) in the catalog")
      }
      return .perform(.add(id: id, quantity: try count(arguments.dropFirst().first)))
    case "remove":
      try expect(arguments, count: 1...2, usage: "remove ID [N]", needs: "an item id")
      let id = String(arguments[0])
      guard catalog.hasItem(withID: id) else {
        throw LineProblem("no item \(UntrustedText.quoted(id)) in the catalog")
      }
      return .perform(.remove(id: id, quantity: try count(arguments.dropFirst().first)))
    case "bag":
      try expect(arguments, count: 0...0, usage: "bag")
      return .perform(.bag)
    case "reorder":
      try expect(arguments, count: 0...0, usage: "reorder")
      return .perform(.reorder)
    case "checkout":
      try expect(arguments, count: 0...0, usage: "checkout")
      return .perform(.checkout)
    case "wait":
      try expect(arguments, count: 1...1, usage: "wait DURATION", needs: "a duration")
      let milliseconds = try duration(arguments[0], command: "wait")
      guard milliseconds <= maximumWaitMilliseconds else {
        throw LineProblem("wait: \(UntrustedText.quoted(arguments[0])) is longer than the maximum of 1 hour")
      }
      return .wait(milliseconds: milliseconds)
    case "mode":
      try expect(arguments, count: 1...1, usage: "mode controlled|simple|derived", needs: "a store mode")
      guard let mode = QuantityStoreMode(rawValue: String(arguments[0])) else {
        throw LineProblem(
          "mode: \(UntrustedText.quoted(arguments[0])) is not a store mode (use controlled, simple or derived)"
        )
      }
      return .perform(.mode(mode))
    case "compare":
      guard !arguments.isEmpty else {
        throw LineProblem("compare needs a lane (compare none|\(compareNames), or one stage as lane takes)")
      }
      if arguments.count == 1, arguments[0] == "none" { return .perform(.compare(nil)) }
      if arguments.count == 1, let comparison = Comparison(rawValue: String(arguments[0])) {
        return .perform(.compare(comparison))
      }
      let text = arguments.joined(separator: " ")
      guard LabStage.forms.contains(where: { $0.name == arguments[0] }) else {
        throw LineProblem(
          "compare: \(UntrustedText.quoted(arguments[0])) is not a lane (use none, \(compareNames.replacingOccurrences(of: "|", with: ", ")), or one stage as lane takes it, such as removeDuplicates)"
        )
      }
      let pipeline = try pipeline(text, command: "compare")
      guard pipeline.stages.count == 1 else {
        throw LineProblem("compare takes one stage; lane takes a pipeline of several")
      }
      return .perform(.lane(pipeline))
    case "lane":
      guard !arguments.isEmpty else {
        throw LineProblem("lane needs a pipeline (lane STAGE | STAGE ..., or lane none)")
      }
      if arguments.count == 1, arguments[0] == "none" { return .perform(.lane(nil)) }
      return .perform(.lane(try pipeline(arguments.joined(separator: " "), command: "lane")))
    case "debounce":
      try expect(arguments, count: 1...1, usage: "debounce DURATION", needs: "a duration")
      let milliseconds = try duration(arguments[0], command: "debounce")
      guard milliseconds <= DebounceInterval.maximum.milliseconds else {
        throw LineProblem(
          "debounce: \(UntrustedText.quoted(arguments[0])) is longer than the maximum of 5s"
            + DurationParser.unitHint(String(arguments[0])))
      }
      return .perform(.debounce(DebounceInterval(milliseconds: milliseconds)))
    default:
      throw LineProblem("unknown command \(UntrustedText.quoted(name)) (use \(names))")
    }
  }

  /// The pipeline `text` writes, or the problem with it after `command`.
  private static func pipeline(_ text: String, command: String) throws(LineProblem) -> LabPipeline {
    do {
      return try LabPipeline.parse(text)
    } catch {
      throw LineProblem("\(command): \(error.message)")
    }
  }

  /// Refuses too few or too many arguments, naming the command's usage; `needs` says what a missing
  /// argument is ("an item id").
  private static func expect(
    _ arguments: [Substring], count: ClosedRange<Int>, usage: String, needs: String = ""
  ) throws(LineProblem) {
    let command = usage.prefix { $0 != " " }
    if arguments.count < count.lowerBound {
      throw LineProblem("\(command) needs \(needs) (\(usage))")
    }
    if arguments.count > count.upperBound {
      let first = UntrustedText.quoted(arguments[count.upperBound])
      throw LineProblem(
        count.upperBound == 0
          ? "\(command) takes no arguments, got \(first)"
          : "too many arguments to \(command), starting at \(first) (\(usage))")
    }
  }

  /// The count of an `add` or `remove` line: 1 when absent, else a whole number in ``countRange``.
  private static func count(_ text: Substring?) throws(LineProblem) -> Int {
    guard let text else { return 1 }
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), countRange.contains(value)
    else {
      throw LineProblem(
        "count \(UntrustedText.quoted(text)) must be a whole number from 1 to \(countRange.upperBound)")
    }
    return value
  }

  /// A duration in milliseconds, read by ``DurationParser``.
  private static func duration(_ text: Substring, command: String) throws(LineProblem) -> Int {
    do {
      return try DurationParser.milliseconds(String(text))
    } catch {
      switch error {
      case .notADuration:
        throw LineProblem(
          "\(command): \(UntrustedText.quoted(text)) is not a duration (use 250ms, 1s, 1.5s or a number of seconds)"
        )
      case .tooPrecise:
        throw LineProblem("\(command): \(UntrustedText.quoted(text)) is finer than a millisecond")
      }
    }
  }
}
