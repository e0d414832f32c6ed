import Shop

/// Parses `shop`'s arguments (without the program name), as DESIGN.md lays them out. Accepts
/// `--option value` and `--option=value`; refuses unknown options, missing or bad values, an option
/// given twice, and combinations that contradict each other.
public enum CommandLineParser {
  /// What `arguments` ask for, or the first mistake in them.
  public static func parse(_ arguments: [String]) throws(CommandLineError) -> CommandLineRequest {
    var parsed = Parsed()
    var remaining = arguments[...]

    // No option or file name is longer than the system's PATH_MAX, so no message repeats more.
    if let long = arguments.first(where: { $0.utf8.count > Self.maximumArgumentBytes }) {
      throw CommandLineError(
        "an argument of \(long.utf8.count) bytes is longer than any option or file name can be (\(Self.maximumArgumentBytes))"
      )
    }
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("-"), argument != "-" else {
        throw CommandLineError("unexpected argument '\(Self.cut(argument))' (see shop --help)")
      }
      let (name, inlineValue) = split(argument)
      guard parsed.seen.insert(name).inserted else { throw CommandLineError("\(name) is given twice") }

      func value() throws(CommandLineError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst(), next == "-" || !next.hasPrefix("--") else {
          throw CommandLineError("\(name) needs a value: \(valueHint(name))")
        }
        return next
      }
      func flag() throws(CommandLineError) {
        if inlineValue != nil { throw CommandLineError("\(name) takes no value") }
      }

      switch name {
      case "--help", "-h":
        try flag()
        return .help
      case "--version":
        try flag()
        return .version
      case "--debounce":
        parsed.options.debounce = try debounce(try value())
      case "--store":
        parsed.options.store = try store(try value())
      case _ where Parsed.flags.contains(name):
        try flag()
        parsed.set(flag: name)
      case _ where Parsed.fileNameNeeds[name] != nil:
        let path = try value()
        guard !path.isEmpty else { throw CommandLineError("\(name) needs \(Parsed.fileNameNeeds[name]!)") }
        parsed.set(path, for: name)
      default:
        throw CommandLineError("unknown option '\(Self.cut(name))' (see shop --help)")
      }
    }
    return try parsed.request()
  }

  /// The interval `--debounce` gives, at most 5 s.
  private static func debounce(_ text: String) throws(CommandLineError) -> DebounceInterval {
    let milliseconds: Int
    do {
      milliseconds = try DurationParser.milliseconds(text)
    } catch {
      throw CommandLineError("--debounce: \(error)")
    }
    guard milliseconds <= DebounceInterval.maximum.milliseconds else {
      throw CommandLineError(
        "--debounce: \(text) is longer than the maximum of 5s" + DurationParser.unitHint(text))
    }
    return DebounceInterval(milliseconds: milliseconds)
  }

  /// The store `--store` names.
  private static func store(_ text: String) throws(CommandLineError) -> QuantityStoreMode {
    guard let mode = QuantityStoreMode(rawValue: text) else {
      throw CommandLineError(
        "--store: '\(Self.cut(text))' is not a store (use controlled, simple or derived)")
    }
    return mode
  }

  /// What the options read so far ask for.
  private struct Parsed {
    /// The options that take no value.
    static let flags: Set<String> = [
      "--no-state", "--no-color", "--no-mouse", "--virtual-clock", "--marbles",
    ]
    /// The options that take a file name, and what an empty one is told it needs.
    static let fileNameNeeds: [String: String] = [
      "--catalog": "a file name", "--state": "a file name",
      "--script": "a file name, or - for standard input", "--play": "a file name, or - for standard input",
      "--record": "a file name, such as demo.cast", "--svg": "a file name, such as burst.svg",
    ]

    var options = AppOptions()
    var script: String?
    var virtualClock = false
    var marbles = false
    var play: String?
    /// The options given, to refuse one given twice.
    var seen: Set<String> = []

    mutating func set(flag name: String) {
      switch name {
      case "--no-state": options.state = .none
      case "--no-color": options.colorDisabled = true
      case "--no-mouse": options.mouseDisabled = true
      case "--virtual-clock": virtualClock = true
      default: marbles = true
      }
    }

    mutating func set(_ path: String, for name: String) {
      switch name {
      case "--catalog": options.catalogPath = path
      case "--state": options.state = .file(path)
      case "--script": script = path
      case "--play": play = path
      case "--record": options.recordPath = path
      default: options.svgPath = path
      }
    }

    /// The request, once the options are known not to contradict each other.
    func request() throws(CommandLineError) -> CommandLineRequest {
      if seen.contains("--state"), seen.contains("--no-state") {
        throw CommandLineError("--state and --no-state cannot be used together")
      }
      if script != nil, play != nil { throw CommandLineError("--script and --play cannot be used together") }
      if let script {
        if options.recordPath != nil {
          throw CommandLineError(
            "--record records the terminal: use it without --script (alone or with --play)")
        }
        // A marble diagram is exact only on the virtual clock, so --marbles implies it.
        // So is the SVG of one.
        return .script(
          path: script, virtualClock: virtualClock || marbles || options.svgPath != nil, marbles: marbles,
          options)
      }
      if options.svgPath != nil { throw CommandLineError("--svg works only with --script") }
      if virtualClock { throw CommandLineError("--virtual-clock works only with --script") }
      if marbles { throw CommandLineError("--marbles works only with --script") }
      if let play { return .play(path: play, options) }
      return .run(options)
    }
  }

  /// The longest argument: Linux's PATH_MAX, the longest file name the system takes.
  static let maximumArgumentBytes = 4096

  /// At most ``UntrustedText/maximumQuotedLength`` characters of `text`, then `…`.
  private static func cut(_ text: String) -> String {
    UntrustedText.cut(text, to: UntrustedText.maximumQuotedLength)
  }

  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func valueHint(_ name: String) -> String {
    switch name {
    case "--debounce": "a duration such as 250ms, 1s or 1.5s"
    case "--store": "controlled, simple or derived"
    case "--script", "--play": "a file name, or - for standard input"
    case "--record": "a file name, such as demo.cast"
    case "--svg": "a file name, such as burst.svg"
    default: "a file name"
    }
  }
}
