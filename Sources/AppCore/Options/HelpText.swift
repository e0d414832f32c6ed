/// What `shop --help` and `shop --version` print.
public enum HelpText {
  /// The version.
  public static let version = "shop 0.1.0"

  /// Every option and every key.
  public static var text: String {
    func lines(_ title: String, _ bindings: [KeyBinding]) -> [String] {
      ["  " + title]
        + bindings.map {
          "    " + $0.label + String(repeating: " ", count: max(1, 16 - DisplayWidth.of($0.label)))
            + $0.meaning
        }
    }
    let keys =
      lines("In the item list:", KeyBindings.items) + lines("In the basket (Tab):", KeyBindings.basket)
      + lines("Everywhere:", KeyBindings.everywhere)
      + lines("When checkout asks:", KeyBindings.confirm)
      + lines("In the order history:", KeyBindings.history)
    let stageLines = LabStage.forms.map {
      "  " + $0.usage + String(repeating: " ", count: max(1, 24 - $0.usage.count)) + $0.meaning
    }
    return """
      shop: a terminal shopping app that shows who owns reactive state and how a debounced badge behaves

      Usage:
        shop [--catalog FILE] [--debounce DURATION] [--store controlled|simple|derived]
             [--state FILE | --no-state] [--no-color] [--no-mouse] [--play FILE] [--record FILE]
        shop --script FILE|- [--virtual-clock | --marbles] [--svg FILE] [same options]
        shop --help | --version

      Options:
        --catalog FILE       a JSON catalog: {"currency": "EUR", "items": [{"id": "apple",
                             "name": "Apple", "price": 50}]}, prices in minor units
                             (default: the built-in catalog)
        --debounce DURATION  how long the badge waits after the last change: 250ms, 1s, 1.5s or
                             a number of seconds, from 0 (no debounce) to 5s (default: 1s)
        --store MODE         controlled (one owner, one write path), simple (the article's
                             shared subject, with its reorder bug) or derived (the basket is
                             the owned value, the count derived from it) (default: controlled)
        --state FILE         where the basket and orders persist
                             (default: $XDG_STATE_HOME/shop/state.json, else
                             ~/.local/state/shop/state.json; scripts use none unless given)
        --no-state           keep nothing between runs
        --no-color           no colours (also when NO_COLOR is set and not empty)
        --no-mouse           ignore the mouse (by default a click selects, a double-click adds)
        --script FILE|-      run commands from FILE, or standard input, without a terminal;
                             prints "T sent N", "T badge N", "T lane STAGE N" and
                             "T note ..." lines
        --virtual-clock      with --script: play the timeline on a virtual clock, instantly
        --marbles            with --script: print the run as a marble diagram (virtual clock)
        --svg FILE           with --script: also write the marble diagram as an SVG file, for
                             slides (virtual clock); never overwrites a file
        --play FILE|-        play a script in the app, on screen, at its own times, then stay
                             open (Space pauses it with the clock)
        --record FILE        record the screen as an asciicast v2 file (asciinema play FILE);
                             never overwrites a file
        --help               this text
        --version            the version

      Keys:
      \(keys.joined(separator: "\n"))

      Script commands, one a line (# starts a comment):
        add ID [N]   remove ID [N]   bag   reorder   checkout   wait DURATION
        mode controlled|simple|derived   debounce DURATION
        lane PIPELINE   lane none   compare none|\(ScriptCommandSyntax.compareNames)|STAGE

      A pipeline is stages separated by | (lane removeDuplicates | debounce 500ms), one lane
      each under sent, fed by the values the store publishes; a script prints them as
      "T lane STAGE N". D is a duration as --debounce takes it (up to 10s). The stages:
      \(stageLines.joined(separator: "\n"))

      Exit status: 0 on success, 2 for a bad option, catalog, state file or script, or when
      standard input or output is not a terminal (use --script); 1 when the last save on the way
      out fails (the message says which file, and the last good one is kept).
      """
  }
}
