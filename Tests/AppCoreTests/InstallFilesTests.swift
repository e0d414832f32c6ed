import Testing

@testable import AppCore

/// The man page and the shell completions say what `--help` says: they are made from the same
/// tables, and these tests hold the tables to the parser and the pages to the tables.
@Suite struct InstallFilesTests {
  @Test func theOptionTableIsExactlyWhatTheParserTakes() {
    #expect(OptionTable.all.map(\.name).sorted() == CommandLineTests.options.sorted())
    for option in OptionTable.all where option.value != nil {
      let missing = Result { () throws(CommandLineError) in try CommandLineParser.parse([option.name]) }
      guard case .failure(let error) = missing else {
        Issue.record("\(option.name) alone parses, but the table says it takes a value")
        continue
      }
      #expect(error.description.hasPrefix("\(option.name) needs a value"), "\(error.description)")
    }
  }

  @Test func theManualPageListsEveryOptionKeyAndScriptCommand() {
    let page = ManualPage.text(date: "2026-12-02")
    #expect(page.hasPrefix(#".\""#))
    #expect(page.contains(#".TH SHOP 1 "2026-12-02" "shop 0.1.0""#))
    for option in OptionTable.all {
      #expect(page.contains("\\fB" + ManualPage.escaped(option.name) + "\\fR"), "the page has \(option.name)")
      #expect(page.contains(ManualPage.escaped(option.help.joined(separator: " "))))
    }
    for (title, keys) in HelpText.keySections {
      #expect(page.contains(".SS " + ManualPage.escaped(String(title.dropLast()))))
      for (label, meaning) in keys {
        #expect(page.contains(".TP\n\\fB\(ManualPage.escaped(label))\\fR\n\(ManualPage.escaped(meaning))\n"))
      }
    }
    for line in HelpText.scriptCommands { #expect(page.contains(ManualPage.escaped(line))) }
    for form in LabStage.forms {
      #expect(
        page.contains(".TP\n\\fB\(ManualPage.escaped(form.usage))\\fR\n\(ManualPage.escaped(form.meaning))\n")
      )
    }
    for section in ["NAME", "SYNOPSIS", "OPTIONS", "KEYS", "FILES", "ENVIRONMENT", "EXIT STATUS"] {
      #expect(page.contains("\n.SH \(section)\n"))
    }
    for variable in ["NO_COLOR", "XDG_STATE_HOME", "TERM", "HOME"] {
      #expect(page.contains("\\fI\(variable)\\fR"))
    }
  }

  @Test func roffEscapingKeepsControlCharactersDashesAndWideCharactersInert() {
    #expect(ManualPage.escaped(".TH x") == "\\&.TH x")
    #expect(ManualPage.escaped("'quoted") == "\\&'quoted")
    #expect(ManualPage.escaped("--a\\b") == "\\-\\-a\\eb")
    #expect(ManualPage.escaped("↑ 抹") == "\\[u2191] \\[u62B9]")
    #expect(ManualPage.escaped("😀") == "\\[u1F600]")
  }

  @Test func everyCompletionOffersEveryOptionAndTheWordsOfTheOnesThatTakeWords() {
    let bash = ShellCompletions.script(for: .bash)
    let zsh = ShellCompletions.script(for: .zsh)
    let fish = ShellCompletions.script(for: .fish)
    #expect(zsh.hasPrefix("#compdef shop\n"))
    #expect(bash.hasSuffix("complete -F _shop shop\n"))
    for option in OptionTable.all {
      #expect(bash.contains(option.name))
      #expect(zsh.contains("'\(option.name)"))
      #expect(fish.contains("-l \(option.name.dropFirst(2)) "))
    }
    #expect(bash.contains("--store) COMPREPLY=($(compgen -W 'controlled simple derived'"))
    #expect(
      zsh.contains(
        "'--store=[the quantity store\\: controlled, simple or derived]:MODE:(controlled simple derived)'"))
    #expect(fish.contains("-l store -x -a 'controlled simple derived'"))
    #expect(fish.contains("-l catalog -r -F"))
    #expect(zsh.contains("'--catalog=[a JSON catalog to shop from]:file:_files'"))
  }
}
