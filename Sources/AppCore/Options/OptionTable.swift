/// Every option `shop` takes, in the order `--help` lists them.
public enum OptionTable {
  /// Durations a shell offers for `--debounce`.
  static let durations = ["0", "250ms", "500ms", "1s", "1.5s", "2s"]

  /// The options.
  public static let all: [OptionDescription] = [
    OptionDescription(
      name: "--catalog", value: "FILE", completion: .file, summary: "a JSON catalog to shop from",
      help: [
        #"a JSON catalog: {"currency": "EUR", "items": [{"id": "apple","#,
        #""name": "Apple", "price": 50}]}, prices in minor units"#,
        "(default: the built-in catalog)",
      ]),
    OptionDescription(
      name: "--debounce", value: "DURATION", completion: .words(durations),
      summary: "how long the badge waits after the last change",
      help: [
        "how long the badge waits after the last change: 250ms, 1s, 1.5s or",
        "a number of seconds, from 0 (no debounce) to 5s (default: 1s)",
      ]),
    OptionDescription(
      name: "--store", value: "MODE", completion: .words(["controlled", "simple", "derived"]),
      summary: "the quantity store: controlled, simple or derived",
      help: [
        "controlled (one owner, one write path), simple (the article's",
        "shared subject, with its reorder bug) or derived (the basket is",
        "the owned value, the count derived from it) (default: controlled)",
      ]),
    OptionDescription(
      name: "--state", value: "FILE", completion: .file, summary: "where the basket and orders persist",
      help: [
        "where the basket and orders persist",
        "(default: $XDG_STATE_HOME/shop/state.json, else",
        "~/.local/state/shop/state.json; scripts use none unless given)",
      ]),
    OptionDescription(
      name: "--no-state", value: nil, completion: .none, summary: "keep nothing between runs",
      help: ["keep nothing between runs"]),
    OptionDescription(
      name: "--no-color", value: nil, completion: .none, summary: "no colours",
      help: ["no colours (also when NO_COLOR is set and not empty)"]),
    OptionDescription(
      name: "--no-mouse", value: nil, completion: .none, summary: "ignore the mouse",
      help: ["ignore the mouse (by default a click selects, a double-click adds)"]),
    OptionDescription(
      name: "--script", value: "FILE|-", completion: .file, summary: "run a script without a terminal",
      help: [
        "run commands from FILE, or standard input, without a terminal;",
        #"prints "T sent N", "T badge N", "T lane STAGE N" and"#,
        #""T note ..." lines"#,
      ]),
    OptionDescription(
      name: "--virtual-clock", value: nil, completion: .none, summary: "with --script: a virtual clock",
      help: ["with --script: play the timeline on a virtual clock, instantly"]),
    OptionDescription(
      name: "--marbles", value: nil, completion: .none, summary: "with --script: print a marble diagram",
      help: ["with --script: print the run as a marble diagram (virtual clock)"]),
    OptionDescription(
      name: "--svg", value: "FILE", completion: .file, summary: "with --script: a marble diagram as SVG",
      help: [
        "with --script: also write the marble diagram as an SVG file, for",
        "slides (virtual clock); never overwrites a file",
      ]),
    OptionDescription(
      name: "--play", value: "FILE|-", completion: .file, summary: "play a script in the app",
      help: [
        "play a script in the app, on screen, at its own times, then stay",
        "open (Space pauses it with the clock)",
      ]),
    OptionDescription(
      name: "--record", value: "FILE", completion: .file, summary: "record the screen as an asciicast",
      help: [
        "record the screen as an asciicast v2 file (asciinema play FILE);",
        "never overwrites a file",
      ]),
    OptionDescription(
      name: "--help", value: nil, completion: .none, summary: "options, keys and script commands",
      help: ["this text"]),
    OptionDescription(
      name: "--version", value: nil, completion: .none, summary: "the version", help: ["the version"]),
  ]
}
