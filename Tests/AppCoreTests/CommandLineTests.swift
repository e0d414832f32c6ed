import Testing

@testable import AppCore

/// What the command line asks for, and every way it can be wrong.
@Suite struct CommandLineTests {
  func parse(_ arguments: String...) -> Result<CommandLineRequest, CommandLineError> {
    Result { () throws(CommandLineError) in try CommandLineParser.parse(arguments) }
  }

  @Test func theAppScriptModePlayAndTheirOptions() {
    var options = AppOptions()
    #expect(parse() == .success(.run(options)))
    options.store = .derived
    #expect(parse("--store", "derived") == .success(.run(options)))
    options.recordPath = "demo.cast"
    #expect(parse("--store=derived", "--record", "demo.cast") == .success(.run(options)))
    #expect(
      parse("--play", "talk.shop", "--store", "derived", "--record", "demo.cast")
        == .success(.play(path: "talk.shop", options)))
    #expect(
      parse("--script", "s.shop")
        == .success(.script(path: "s.shop", virtualClock: false, marbles: false, AppOptions())))
    #expect(
      parse("--script", "s.shop", "--marbles")
        == .success(.script(path: "s.shop", virtualClock: true, marbles: true, AppOptions())),
      "--marbles implies the virtual clock")
  }

  @Test func svgGoesWithAScriptAndImpliesTheVirtualClock() {
    #expect(
      parse("--script", "s.shop", "--svg", "s.svg")
        == .success(.script(path: "s.shop", virtualClock: true, marbles: false, AppOptions(svgPath: "s.svg")))
    )
    #expect(parse("--svg", "s.svg") == .failure(CommandLineError("--svg works only with --script")))
    #expect(
      parse("--play", "a.shop", "--svg", "s.svg")
        == .failure(CommandLineError("--svg works only with --script")))
    #expect(
      parse("--script", "s.shop", "--svg")
        == .failure(CommandLineError("--svg needs a value: a file name, such as burst.svg")))
    #expect(
      parse("--script", "s.shop", "--svg=")
        == .failure(CommandLineError("--svg needs a file name, such as burst.svg")))
  }

  @Test func combinationsThatContradictEachOtherAreRefused() {
    #expect(parse("--marbles") == .failure(CommandLineError("--marbles works only with --script")))
    #expect(
      parse("--play", "a.shop", "--script", "b.shop")
        == .failure(CommandLineError("--script and --play cannot be used together")))
    #expect(
      parse("--script", "b.shop", "--record", "x.cast")
        == .failure(
          CommandLineError("--record records the terminal: use it without --script (alone or with --play)")))
    #expect(
      parse("--play", "a.shop", "--virtual-clock")
        == .failure(CommandLineError("--virtual-clock works only with --script")))
    #expect(
      parse("--record")
        == .failure(CommandLineError("--record needs a value: a file name, such as demo.cast")))
    #expect(
      parse("--store", "fast")
        == .failure(CommandLineError("--store: 'fast' is not a store (use controlled, simple or derived)")))
  }

  /// Every option the parser takes, each checked against the parser below.
  static let options = [
    "--catalog", "--debounce", "--store", "--state", "--no-state", "--no-color", "--no-mouse",
    "--script", "--virtual-clock", "--marbles", "--play", "--record", "--svg", "--help", "--version",
  ]

  @Test func helpNamesEveryOptionTheParserTakesAndEveryScriptCommand() {
    for option in Self.options {
      if case .failure(let error) = parse(option) {
        #expect(!error.description.hasPrefix("unknown option"), "\(option) is an option")
      }
      #expect(HelpText.text.contains("  \(option)"), "--help lists \(option)")
    }
    #expect(
      parse("--frobnicate") == .failure(CommandLineError("unknown option '--frobnicate' (see shop --help)")),
      "the check above can tell an unknown option")
    let commands = ScriptCommandSyntax.names.replacingOccurrences(of: " or ", with: ", ")
      .split(separator: ", ")
    #expect(commands.count == 10)
    let scriptSection = HelpText.text.split(separator: "Script commands")[1]
    for command in commands {
      #expect(scriptSection.contains(command), "--help lists the script command \(command)")
    }
    #expect(HelpText.text.contains("1 when the last save"), "--help says when the exit status is 1")
  }
}

/// Durations on the command line and in scripts.
@Suite struct DurationTests {
  @Test func everyNegativeSignIsRefusedZeroIncluded() throws {
    for text in ["-0", "-0ms", "-0s", "-0.0", "-1ms", "-1"] {
      #expect(throws: DurationParser.Problem.notADuration(text), "\(text)") {
        try DurationParser.milliseconds(text)
      }
    }
    #expect(try DurationParser.milliseconds("0") == 0)
    #expect(try DurationParser.milliseconds("1.5s") == 1500)
    #expect(try DurationParser.milliseconds("250ms") == 250)
  }
}

/// Arguments repeated in messages are cut.
@Suite struct LongArgumentTests {
  @Test func aMessageQuotesAtMostFortyCharactersOfAnArgumentAndRefusesTheAbsurd() {
    let long = "--" + String(repeating: "x", count: 100)
    let message = Result { () throws(CommandLineError) in try CommandLineParser.parse([long]) }
    #expect(
      message
        == .failure(
          CommandLineError("unknown option '--\(String(repeating: "x", count: 38))…' (see shop --help)")))
    let huge = String(repeating: "y", count: 5000)
    #expect(
      Result { () throws(CommandLineError) in try CommandLineParser.parse(["--catalog", huge]) }
        == .failure(
          CommandLineError("an argument of 5000 bytes is longer than any option or file name can be (4096)")))
  }

}
