import AppCore
import CNcurses
import Testing

@testable import ShopTerminal

/// The terminal edge's own reading of ncurses function-key codes.
@Suite struct TerminalKeyTests {
  @Test func functionKeys() {
    let expected: [(Int32, Terminal.FunctionKey)] = [
      (KEY_UP, .key(.up)), (KEY_DOWN, .key(.down)), (KEY_LEFT, .key(.left)), (KEY_RIGHT, .key(.right)),
      (KEY_PPAGE, .key(.pageUp)), (KEY_NPAGE, .key(.pageDown)), (KEY_HOME, .key(.home)),
      (KEY_FIND, .key(.home)), (KEY_END, .key(.end)), (KEY_SELECT, .key(.end)),
      (KEY_ENTER, .key(.enter)), (KEY_BACKSPACE, .key(.backspace)), (KEY_DC, .key(.delete)),
      (KEY_BTAB, .key(.backTab)), (KEY_F0 + 1, .key(.help)),
      (KEY_MOUSE, .mouseReport), (KEY_RESIZE, .ignored), (KEY_F0 + 5, .ignored),
      // Shifted cursor and editing keys are the plain ones; Shift-Delete is not Delete.
      (KEY_SR, .key(.up)), (KEY_SF, .key(.down)), (KEY_SLEFT, .key(.left)), (KEY_SRIGHT, .key(.right)),
      (KEY_SHOME, .key(.home)), (KEY_SEND, .key(.end)), (KEY_SPREVIOUS, .key(.pageUp)),
      (KEY_SNEXT, .key(.pageDown)), (KEY_SDC, .ignored),
    ]
    for (code, decoded) in expected {
      #expect(Terminal.functionKey(code) == decoded, "key code \(code)")
    }
  }
}
