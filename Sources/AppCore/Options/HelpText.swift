/// What `shop --help` and `shop --version` print.
public enum HelpText {
  /// The version.
  public static let version = "shop 0.1.0"

  /// The keys of each context, as the help lists them: a title, then each binding's keys and meaning.
  public static var keySections: [(title: String, keys: [(label: String, meaning: String)])] {
    [
      ("In the item list:", KeyBindings.items), ("In the basket (Tab):", KeyBindings.basket),
      ("Everywhere:", KeyBindings.everywhere), ("When checkout asks:", KeyBindings.confirm),
      ("When u would undo a checkout:", KeyBindings.confirmUndo),
      ("In the order history:", KeyBindings.history),
    ].map { title, bindings in (title, bindings.map { ($0.label, $0.meaning) }) }
  }

  /// How `shop` is called, one form a line.
  public static let usage = [
    "shop [--catalog FILE] [--debounce DURATION] [--store controlled|simple|derived]",
    "     [--state FILE | --no-state] [--no-color] [--no-mouse] [--play FILE] [--record FILE]",
    "shop --script FILE|- [--virtual-clock | --marbles] [--svg FILE] [same options]",
    "shop --help | --version",
  ]

  /// The script commands, as the help lists them.
  public static var scriptCommands: [String] {
    [
      "add ID [N]   remove ID [N]   bag   reorder   checkout   wait DURATION",
      "mode controlled|simple|derived   debounce DURATION",
      "lane PIPELINE   lane none   compare none|\(ScriptCommandSyntax.compareNames)|STAGE",
    ]
  }

  /// What a lane pipeline is, before the list of its stages.
  public static let pipelineIntroduction = [
    "A pipeline is stages separated by | (lane removeDuplicates | debounce 500ms), one lane",
    "each under sent, fed by the values the store publishes; a script prints them as",
    "\"T lane STAGE N\". D is a duration as --debounce takes it (up to 10s). The stages:",
  ]

  /// What each exit status means.
  public static let exitStatus = [
    "0 on success, 2 for a bad option, catalog, state file or script, or when",
    "standard input or output is not a terminal (use --script); 1 when the last save on the way",
    "out fails (the message says which file, and the last good one is kept).",
  ]

  /// The column where an option's help starts, after the two spaces of indentation.
  private static let optionColumn = 21

  /// Every option and every key.
  public static var text: String {
    var keys: [String] = []
    for (title, bindings) in keySections {
      keys.append("  " + title)
      for (label, meaning) in bindings {
        let gap = String(repeating: " ", count: max(1, 16 - DisplayWidth.of(label)))
        keys.append("    " + label + gap + meaning)
      }
    }
    var options: [String] = []
    for option in OptionTable.all {
      let usage = option.usage
      for (index, line) in option.help.enumerated() {
        let lead =
          index == 0
          ? "  " + usage + String(repeating: " ", count: max(1, optionColumn - usage.count))
          : String(repeating: " ", count: 2 + optionColumn)
        options.append(lead + line)
      }
    }
    let stageLines = LabStage.forms.map {
      "  " + $0.usage + String(repeating: " ", count: max(1, 24 - $0.usage.count)) + $0.meaning
    }
    func indented(_ lines: [String]) -> String { lines.map { "  " + $0 }.joined(separator: "\n") }
    return """
      shop: a terminal shopping app that shows who owns reactive state and how a debounced badge behaves

      Usage:
      \(indented(usage))

      Options:
      \(options.joined(separator: "\n"))

      Keys:
      \(keys.joined(separator: "\n"))

      Script commands, one a line (# starts a comment):
      \(indented(scriptCommands))

      \(pipelineIntroduction.joined(separator: "\n"))
      \(stageLines.joined(separator: "\n"))

      Exit status: \(exitStatus.joined(separator: "\n"))
      """
  }
}
