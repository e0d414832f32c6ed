import Shop

extension LabStage {
  /// The longest duration a stage takes, in milliseconds: the timeline's standard span.
  static let maximumMilliseconds = 10_000
  /// The counts of `dropFirst`, `prefix` and `collect`.
  static let countRange = 0...999
  /// The numbers `filter` and `map` take.
  static let operandRange = -1_000_000...1_000_000

  /// Every stage that may be written, in the order the help lists them. One entry per operator of
  /// `Reactive` the lab offers; a new operator is a new entry here and a case of ``LabStage``.
  public static let forms: [LabStageForm] = [
    LabStageForm(
      name: "removeDuplicates", usage: "removeDuplicates",
      meaning: "a value only when it differs from the last"
    ) { words throws(LabStageProblem) in
      try expectNone(words, after: "removeDuplicates")
      return .removeDuplicates
    },
    LabStageForm(
      name: "debounce", usage: "debounce D", meaning: "the latest value once D passes without another"
    ) { words throws(LabStageProblem) in .debounce(milliseconds: try duration(words, usage: "debounce D")) },
    LabStageForm(
      name: "throttle", usage: "throttle D latest|first",
      meaning: "the first value at once, then one per D: the latest or the first"
    ) { words throws(LabStageProblem) in
      guard words.count == 2 else {
        throw LabStageProblem("needs a duration and latest or first (throttle D latest|first)")
      }
      let milliseconds = try duration([words[0]], usage: "throttle D latest|first")
      switch words[1] {
      case "latest": return .throttle(milliseconds: milliseconds, latest: true)
      case "first": return .throttle(milliseconds: milliseconds, latest: false)
      default: throw LabStageProblem("\(UntrustedText.quoted(words[1])) is not latest or first")
      }
    },
    LabStageForm(name: "delay", usage: "delay D", meaning: "every value D later") {
      words throws(LabStageProblem) in .delay(milliseconds: try duration(words, usage: "delay D"))
    },
    LabStageForm(name: "dropFirst", usage: "dropFirst N", meaning: "all but the first N values") {
      words throws(LabStageProblem) in .dropFirst(try count(words, usage: "dropFirst N", range: countRange))
    },
    LabStageForm(name: "prefix", usage: "prefix N", meaning: "the first N values, then the lane ends") {
      words throws(LabStageProblem) in .prefix(try count(words, usage: "prefix N", range: countRange))
    },
    LabStageForm(
      name: "filter", usage: "filter even|odd|>N|<N", meaning: "only the values that pass the test"
    ) { words throws(LabStageProblem) in
      let usage = "filter even|odd|>N|<N"
      guard words.count == 1 else { throw LabStageProblem("needs one test (\(usage))") }
      let word = words[0]
      switch word.first {
      case "e" where word == "even": return .filter(.even)
      case "o" where word == "odd": return .filter(.odd)
      case ">": return .filter(.greaterThan(try operand(word.dropFirst(), in: word, usage: usage)))
      case "<": return .filter(.lessThan(try operand(word.dropFirst(), in: word, usage: usage)))
      default: throw LabStageProblem("\(UntrustedText.quoted(word)) is not a test (\(usage))")
      }
    },
    LabStageForm(name: "map", usage: "map +N|-N|*N", meaning: "each value plus, minus or times N") {
      words throws(LabStageProblem) in
      let usage = "map +N|-N|*N"
      guard words.count == 1 else { throw LabStageProblem("needs one sum (\(usage))") }
      let word = words[0]
      switch word.first {
      case "+": return .map(.add(try operand(word.dropFirst(), in: word, usage: usage)))
      case "-": return .map(.add(-(try operand(word.dropFirst(), in: word, usage: usage))))
      case "*": return .map(.multiply(try operand(word.dropFirst(), in: word, usage: usage)))
      default: throw LabStageProblem("\(UntrustedText.quoted(word)) is not a sum (\(usage))")
      }
    },
    LabStageForm(name: "scan", usage: "scan sum|max", meaning: "the running sum or maximum") {
      words throws(LabStageProblem) in
      guard words.count == 1, let running = LabRunning(rawValue: String(words[0])) else {
        throw LabStageProblem(
          words.count == 1
            ? "\(UntrustedText.quoted(words[0])) is not sum or max" : "needs sum or max (scan sum|max)")
      }
      return .scan(running)
    },
    LabStageForm(name: "collect", usage: "collect N", meaning: "the values in lists of N") {
      words throws(LabStageProblem) in
      .collect(try count(words, usage: "collect N", range: 1...countRange.upperBound))
    },
  ]

  /// The forms, for a message saying what is allowed: `removeDuplicates, debounce D, ...`.
  static var formList: String { forms.map(\.usage).joined(separator: ", ") }

  private static func expectNone(_ words: [Substring], after name: String) throws(LabStageProblem) {
    guard let first = words.first else { return }
    throw LabStageProblem("takes no arguments, got \(UntrustedText.quoted(first))")
  }

  private static func duration(_ words: [Substring], usage: String) throws(LabStageProblem) -> Int {
    guard words.count == 1 else {
      throw LabStageProblem(
        words.isEmpty
          ? "needs a duration (\(usage), D as 250ms, 1s or 1.5s)"
          : "takes one duration, got \(UntrustedText.quoted(words[1])) too (\(usage))")
    }
    let milliseconds: Int
    do {
      milliseconds = try DurationParser.milliseconds(String(words[0]))
    } catch {
      switch error {
      case .notADuration:
        throw LabStageProblem(
          "\(UntrustedText.quoted(words[0])) is not a duration (use 250ms, 1s, 1.5s or a number of seconds)")
      case .tooPrecise:
        throw LabStageProblem("\(UntrustedText.quoted(words[0])) is finer than a millisecond")
      }
    }
    guard milliseconds <= maximumMilliseconds else {
      throw LabStageProblem("\(UntrustedText.quoted(words[0])) is longer than the maximum of 10s")
    }
    return milliseconds
  }

  private static func count(_ words: [Substring], usage: String, range: ClosedRange<Int>)
    throws(LabStageProblem)
    -> Int
  {
    guard words.count == 1 else {
      throw LabStageProblem(
        words.isEmpty
          ? "needs a count (\(usage))"
          : "takes one count, got \(UntrustedText.quoted(words[1])) too (\(usage))")
    }
    guard words[0].allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(words[0]), range.contains(value)
    else {
      throw LabStageProblem(
        "count \(UntrustedText.quoted(words[0])) must be a whole number from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return value
  }

  /// The number after `>`, `<`, `+`, `-` or `*`: digits, or a minus and digits after `>` and `<`.
  private static func operand(_ digits: Substring, in word: Substring, usage: String) throws(LabStageProblem)
    -> Int
  {
    let negative = digits.first == "-" && (word.first == ">" || word.first == "<")
    let body = negative ? digits.dropFirst() : digits
    guard !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }), body.count <= 7,
      let value = Int(body),
      operandRange.contains(value)
    else {
      throw LabStageProblem(
        "\(UntrustedText.quoted(word)): N must be a whole number up to \(operandRange.upperBound) (\(usage))")
    }
    return negative ? -value : value
  }
}
