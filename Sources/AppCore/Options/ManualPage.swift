/// The manual page `shop.1`, in roff, made from the tables behind `--help` (``OptionTable``, the key
/// bindings, the script commands), so that it lists exactly what the program takes.
public enum ManualPage {
  /// The page. `date` goes into its header (`2026-12-02`); the text is otherwise fixed.
  public static func text(date: String) -> String {
    var page: [String] = [
      #".\" Made by `make install` from shop's own tables (OptionTable, KeyBindings); do not edit."#,
      ".TH SHOP 1 \(quoted(date)) \(quoted(HelpText.version)) \"User Commands\"",
      ".SH NAME",
      "shop \\- a terminal shopping app that shows who owns reactive state and how a debounced badge behaves",
      ".SH SYNOPSIS",
      ".nf",
    ]
    page += HelpText.usage.map { escaped($0) }
    page += [
      ".fi",
      ".SH DESCRIPTION",
      escaped(
        "shop is a keyboard-driven shopping app for the terminal. Browse a catalog, add items, add a free "
          + "paper bag, reorder a past order and check out, while the basket badge in the header "
          + "(Basket: N) settles one debounce interval after the last change. The quantity store runs "
          + "in three ways: controlled (one owner, one write path), simple (a shared subject, whose "
          + "reorder bug the app makes visible) and derived (the basket is the owned value and the "
          + "count follows from it)."),
      ".PP",
      escaped(
        "A duration is written 250ms, 1s, 1.5s or as a bare number of seconds. Script mode (--script) "
          + "runs without a terminal and prints one line per event: T sent N, T badge N or T note TEXT, "
          + "T being the seconds since the start."),
      ".SH OPTIONS",
    ]
    for option in OptionTable.all {
      page += [
        ".TP", "\\fB\(escaped(option.name))\\fR" + (option.value.map { " \\fI\(escaped($0))\\fR" } ?? ""),
      ]
      page.append(escaped(option.help.joined(separator: " ")))
    }
    page.append(".SH KEYS")
    for (title, keys) in HelpText.keySections {
      page += [".SS \(escaped(title.hasSuffix(":") ? String(title.dropLast()) : title))"]
      for (label, meaning) in keys {
        page += [".TP", "\\fB\(escaped(label))\\fR", escaped(meaning)]
      }
    }
    page += [".SH SCRIPT COMMANDS", "One command a line; # starts a comment.", ".PP", ".nf"]
    page += HelpText.scriptCommands.map { escaped($0) }
    page += [".fi", ".SS Lane pipelines", escaped(HelpText.pipelineIntroduction.joined(separator: " "))]
    for form in LabStage.forms {
      page += [".TP", "\\fB\(escaped(form.usage))\\fR", escaped(form.meaning)]
    }
    page += sections(title: "FILES", entries: files)
    page += sections(title: "ENVIRONMENT", entries: environment)
    page += [".SH EXIT STATUS", escaped(HelpText.exitStatus.joined(separator: " "))]
    page += [
      ".SH EXAMPLES", ".nf",
    ]
    page += examples.map { escaped($0) }
    page += [".fi"]
    page += [".SH SEE ALSO", "\\fBasciinema\\fR(1)"]
    return page.joined(separator: "\n") + "\n"
  }

  /// A few ways to start it.
  static let examples = [
    "shop --store simple", "shop --debounce 250ms --catalog groceries.json",
    "shop --script demo.shop --virtual-clock",
  ]

  /// The files the program reads and writes.
  static let files: [(String, String)] = [
    (
      "$XDG_STATE_HOME/shop/state.json",
      "The basket and the order history (else ~/.local/state/shop/state.json). Written atomically; a "
        + "file that cannot be read is moved aside and reported, never overwritten."
    ),
    ("$XDG_STATE_HOME/shop/state.json.lock", "Held while a shop uses the state file: one process at a time."),
  ]

  /// The environment variables the program reads.
  static let environment: [(String, String)] = [
    ("NO_COLOR", "When set and not empty, no colours (as --no-color)."),
    ("XDG_STATE_HOME", "Where the state file lives (shop/state.json below it)."),
    ("HOME", "The state file is ~/.local/state/shop/state.json when XDG_STATE_HOME is not set."),
    ("TERM", "The terminal type; the app needs one that can move the cursor (use --script without one)."),
  ]

  private static func sections(title: String, entries: [(String, String)]) -> [String] {
    [".SH \(title)"] + entries.flatMap { name, text in [".TP", "\\fI\(escaped(name))\\fR", escaped(text)] }
  }

  /// `text` made safe for roff: backslashes and dashes escaped, a character outside ASCII written as
  /// groff's `\[uXXXX]` (so the page needs no input encoding), and a line that would start with a
  /// control character (`.` or `'`) guarded.
  static func escaped(_ text: String) -> String {
    var body = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": body += "\\e"
      case "-": body += "\\-"
      case _ where !scalar.isASCII: body += "\\[u" + hex(scalar.value) + "]"
      default: body.unicodeScalars.append(scalar)
      }
    }
    return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
  }

  /// At least four upper-case hexadecimal digits, as groff's `\[uXXXX]` wants them.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private static func quoted(_ text: String) -> String {
    "\"\(text.replacingOccurrences(of: "\"", with: ""))\""
  }
}
