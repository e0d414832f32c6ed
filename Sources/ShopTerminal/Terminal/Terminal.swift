import AppCore
import CNcurses
import Foundation
import Shop

/// The one place that calls ncurses (and the one file that imports it): it starts and restores the
/// terminal, draws grids by changed cells, reads input, follows window size changes, steps aside for
/// Ctrl-Z, and ends the process by a signal.
///
/// Nothing here runs at initialisation; `start()` does the work, and `stop()` undoes it (twice is fine).
/// A crash signal restores the terminal through a handler installed by `start()` (see the shim).
@MainActor
final class Terminal {
  /// Why the terminal cannot be used.
  enum StartError: Error, Equatable {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// terminfo has no entry for `$TERM` (the associated value; empty when unset).
    case unknownTerminal(String)
    /// The terminal cannot move its cursor (`TERM=dumb`, a hardcopy terminal).
    case cannotAddressCursor(String)
    /// ncurses could not start on this terminal.
    case cannotStartScreen
  }

  /// What the user chose.
  struct Options: Sendable {
    /// `--no-color`; `NO_COLOR` is read by `start()` as well.
    var colorDisabled = false
    /// Report clicks and double-clicks of the first mouse button.
    var mouse = true
  }

  /// Columns, as last read.
  private(set) var width = 0
  /// Rows, as last read.
  private(set) var height = 0
  /// The colour budget chosen at start.
  private(set) var scheme = ColorScheme(mode: .monochrome)

  private let options: Options
  private var started = false
  private var suspended = false
  private var lastGrid: Grid?
  private var clicks = ClickTracker()
  private let clockOrigin = ContinuousClock.now
  private var cellBuffer = [wchar_t](repeating: 0, count: TerminalGlyph.maximumCombiningMarks + 2)
  /// Reads keys, escape sequences, mouse reports and pastes out of what ncurses hands over.
  private var decoder = TerminalInputDecoder()
  /// The signal each of the terminal driver's signal characters stands for (read in raw mode, they
  /// arrive as characters): Ctrl-C, Ctrl-\\ and Ctrl-Z unless the user changed them with `stty`.
  private var signalCharacters: [UInt32: Int32] = [:]

  /// A terminal edge that has not touched the terminal yet.
  init(options: Options) {
    self.options = options
  }

  /// Checks, without drawing anything, that stdin and stdout are terminals that terminfo knows. Sets the
  /// locale from the environment first, falling back to C.UTF-8 when it does not encode UTF-8.
  static func preflight() throws(StartError) {
    setlocale(LC_ALL, "")
    if shop_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
    switch shop_terminal_kind(term) {
    case 1: return
    case 2: throw .cannotAddressCursor(term)
    default: throw .unknownTerminal(term)
    }
  }

  /// Enters curses mode: full screen, no echo, keys one at a time, hidden cursor, colours and mouse as
  /// chosen. Call `preflight()` first and create the signal sources before this, so that ncurses
  /// finds the signals taken and installs no handlers of its own.
  func start() throws(StartError) {
    guard !started else { return }
    var savedModes = termios()
    tcgetattr(STDIN_FILENO, &savedModes)
    guard shop_new_screen() != nil else { throw .cannotStartScreen }
    started = true
    signalCharacters = Self.signalCharacters(of: savedModes)
    decoder = TerminalInputDecoder(signalCharacters: Set(signalCharacters.keys))
    enterProgramMode()
    startColors()
    if options.mouse {
      mouseinterval(0)
      mousemask(shop_mouse_events(), nil)
    }
    let paste = Self.bracketedPaste()
    shop_define_keys(paste.start, paste.end)
    writeToTerminal(paste.enable)
    shop_install_crash_restore(&savedModes, restoreSequence())
    readSize()
  }

  /// Draws `grid`, touching only the cells that differ from the last grid drawn, then lets ncurses send
  /// the difference in one update. A grid of another size is drawn whole.
  func draw(_ grid: Grid) {
    guard started, !suspended else { return }
    let window = shop_stdscr()
    let previous = lastGrid.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
    if previous == nil { werase(window) }
    for y in 0..<min(grid.height, height) {
      for x in 0..<min(grid.width, width) {
        let cell = grid[x, y]
        if let previous, previous[x, y] == cell { continue }
        guard case .glyph(let text) = cell.content else { continue }
        put(text, style: cell.style, x: x, y: y)
      }
    }
    wnoutrefresh(window)
    doupdate()
    lastGrid = grid
  }

  /// Reads every key and mouse report that is waiting, without blocking. Escape sequences ncurses
  /// does not know arrive as their bytes and are read to their end by the decoder; a signal character
  /// typed (not pasted) raises its signal, which the event loop handles as it would the driver's.
  func readPendingInput() -> [InputEvent] {
    guard started else { return [] }
    var inputs: [TerminalInput] = []
    var value: wint_t = 0
    while true {
      let status = wget_wch(shop_stdscr(), &value)
      if status == ERR { break }
      guard status == KEY_CODE_YES else {
        inputs.append(.character(UInt32(value)))
        continue
      }
      switch Self.functionKey(Int32(value)) {
      case .key(let key): inputs.append(.key(key))
      case .pasteStart: inputs.append(.pasteStart)
      case .pasteEnd: inputs.append(.pasteEnd)
      case .mouseReport:
        var x: Int32 = 0
        var y: Int32 = 0
        let button: MouseReport.Button =
          switch shop_read_mouse(&x, &y) {
          case 1: .first
          case -1: .wheelUp
          case 2: .wheelDown
          default: .other
          }
        inputs.append(.mouse(MouseReport(button: button, x: Int(x), y: Int(y))))
      case .ignored: inputs.append(.otherKey)
      }
    }
    return events(from: decoder.decode(inputs, at: ContinuousClock.now - clockOrigin))
  }

  /// When ``expirePendingInput()`` should run: a paste without its end marker ends then. In seconds
  /// from now; nil when nothing waits.
  var pendingInputDeadline: Duration? {
    decoder.deadline.map { $0 - (ContinuousClock.now - clockOrigin) }
  }

  /// Ends what waited too long for the rest of its input: a paste whose end marker never came.
  func expirePendingInput() -> [InputEvent] {
    events(from: decoder.expire(at: ContinuousClock.now - clockOrigin))
  }

  private func events(from decoded: [DecodedInput]) -> [InputEvent] {
    var events: [InputEvent] = []
    for input in decoded {
      switch input {
      case .key(let key): events.append(.key(key))
      case .paste(let text): events.append(.paste(text))
      case .notice(let text): events.append(.notice(text))
      case .signalCharacter(let code):
        if let signalNumber = signalCharacters[code] { kill(getpid(), signalNumber) }
      case .mouse(let report):
        guard options.mouse, report.isPress else { continue }
        switch report.button {
        case .first:
          events.append(clicks.press(x: report.x, y: report.y, at: ContinuousClock.now - clockOrigin))
        case .wheelUp: events.append(.scroll(x: report.x, y: report.y, lines: -3))
        case .wheelDown: events.append(.scroll(x: report.x, y: report.y, lines: 3))
        case .other: break
        }
      }
    }
    return events
  }

  /// The characters of `modes` that the driver turns into SIGINT, SIGQUIT and SIGTSTP.
  private static func signalCharacters(of modes: termios) -> [UInt32: Int32] {
    var characters: [UInt32: Int32] = [:]
    withUnsafeBytes(of: modes.c_cc) { controls in
      for (index, signalNumber) in [(VINTR, SIGINT), (VQUIT, SIGQUIT), (VSUSP, SIGTSTP)] {
        let code = controls[Int(index)]
        // 0 is _POSIX_VDISABLE on Linux: the character is switched off.
        if code != 0 { characters[UInt32(code)] = signalNumber }
      }
    }
    return characters
  }

  /// Reads the window size from the kernel (after SIGWINCH) and resizes curses to it. Returns a resize
  /// event when the size changed.
  func followWindowSize() -> InputEvent? {
    guard started, !suspended else { return nil }
    var rows: Int32 = 0
    var columns: Int32 = 0
    if shop_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows != shop_lines() || columns != shop_cols() {
      resizeterm(rows, columns)
    }
    let old = (width, height)
    readSize()
    guard old != (width, height) else { return nil }
    lastGrid = nil
    return .resize(width: width, height: height)
  }

  /// Ctrl-Z: restores the terminal, stops the process with the default SIGTSTP action, and takes the
  /// screen back once the process continues (or at once, when the kernel discards the stop because no
  /// shell does job control). Returns a resize event if the window changed while stopped.
  func suspendForStop() -> InputEvent? {
    guard started, !suspended else { return nil }
    suspended = true
    endwin()
    shop_stop_process()
    suspended = false
    return repaintAfterStop()
  }

  /// SIGCONT: repaints the whole screen (another program may have drawn over it) and returns a resize
  /// event if the window changed.
  func resumeAfterStop() -> InputEvent? {
    guard started, !suspended else { return nil }
    return repaintAfterStop()
  }

  /// What an ncurses function-key code means.
  enum FunctionKey: Equatable {
    /// A key the app understands.
    case key(Key)
    /// A mouse report is waiting; read it with `getmouse`.
    case mouseReport
    /// A bracketed paste starts: what follows is text until ``pasteEnd``.
    case pasteStart
    /// A bracketed paste ends.
    case pasteEnd
    /// Nothing the app acts on. `KEY_RESIZE` is among them: `resizeterm`, called on SIGWINCH by
    /// ``followWindowSize()``, queues one, and the window size has one owner, that signal.
    case ignored
  }

  /// The meaning of function-key `code`. tmux and xterm send Home and End as Find and Select
  /// (`\e[1~`, `\e[4~`); Shift, Ctrl and Alt with an arrow, Home, End, PgUp or PgDn are the plain key.
  nonisolated static func functionKey(_ code: Int32) -> FunctionKey {
    switch code {
    case KEY_UP, KEY_SR: .key(.up)
    case KEY_DOWN, KEY_SF: .key(.down)
    case KEY_LEFT, KEY_SLEFT: .key(.left)
    case KEY_RIGHT, KEY_SRIGHT: .key(.right)
    case KEY_PPAGE, KEY_SPREVIOUS: .key(.pageUp)
    case KEY_NPAGE, KEY_SNEXT: .key(.pageDown)
    case KEY_HOME, KEY_FIND, KEY_A1, KEY_SHOME: .key(.home)
    case KEY_END, KEY_SELECT, KEY_C1, KEY_SEND: .key(.end)
    case KEY_ENTER: .key(.enter)
    case KEY_BACKSPACE: .key(.backspace)
    case KEY_DC: .key(.delete)
    case KEY_BTAB: .key(.backTab)
    case KEY_F0 + 1: .key(.help)
    case KEY_MOUSE: .mouseReport
    case shop_key_paste_start(): .pasteStart
    case shop_key_paste_end(): .pasteEnd
    default:
      // Keys ncurses found in the terminfo entry's extended capabilities (`kUP5`, Ctrl-Up).
      if let name = keyname(code), let key = KeyDecoder.key(forTerminfoName: String(cString: name)) {
        .key(key)
      } else {
        .ignored
      }
    }
  }

  /// Forgets what is on the screen, so that the next `draw` repaints every cell (Ctrl-L).
  func invalidate() {
    lastGrid = nil
    if started { clearok(shop_stdscr(), true) }
  }

  /// The sequences that turn bracketed paste on and mark a paste's start and end: terminfo's `BE`,
  /// `PS` and `PE` where it has them, else the ones xterm defined and terminals follow.
  private static func bracketedPaste() -> (enable: String, disable: String, start: String, end: String) {
    func capability(_ name: String, _ fallback: String) -> String {
      shop_terminfo_string(name).map { String(cString: $0) } ?? fallback
    }
    return (
      capability("BE", "\u{1B}[?2004h"), capability("BD", "\u{1B}[?2004l"), capability("PS", "\u{1B}[200~"),
      capability("PE", "\u{1B}[201~")
    )
  }

  /// Writes `sequence` to the terminal at once. A mode such as bracketed paste is the terminal's, not
  /// the screen's, so its place among what ncurses has buffered does not matter.
  private func writeToTerminal(_ sequence: String) {
    // A terminal that takes nothing has gone; what is left of the screen's work tells the user.
    try? WholeWrite.write(Array(sequence.utf8), to: STDOUT_FILENO)
  }

  /// Ends the process the way `signalNumber` would by default; call after ``stop()``.
  static func die(by signalNumber: Int32) -> Never {
    shop_die_by_signal(signalNumber)
    Foundation.exit(128 + signalNumber)
  }

  /// Leaves curses mode and restores the terminal as it was. Safe to call more than once.
  func stop() {
    guard started else { return }
    started = false
    writeToTerminal(Self.bracketedPaste().disable)
    curs_set(1)
    endwin()
    shop_disarm_crash_restore()
  }

  /// Re-enters curses mode (keypad again, or arrows arrive as raw escapes) and repaints every cell.
  private func repaintAfterStop() -> InputEvent? {
    enterProgramMode()
    clearok(shop_stdscr(), true)
    let resize = followWindowSize()
    if resize == nil {
      wnoutrefresh(shop_stdscr())
      doupdate()
    }
    return resize
  }

  /// The input and output modes the app runs in; set at start and again after Ctrl-Z.
  private func enterProgramMode() {
    let window = shop_stdscr()
    // Raw, not cbreak: a pasted Ctrl-C or Ctrl-\\ must stay text, so the driver may not turn it into a
    // signal; the decoder tells typed signal characters from pasted ones and the edge raises them.
    raw()
    noecho()
    nonl()
    intrflush(window, false)
    keypad(window, true)
    nodelay(window, true)
    leaveok(window, true)
    set_escdelay(25)
    curs_set(0)
  }

  /// Picks the colour mode and registers the colour pairs. `COLORS` is only known after `start_color`.
  private func startColors() {
    let noColor = ProcessInfo.processInfo.environment["NO_COLOR"]
    let wanted = ColorMode.resolve(
      colorCount: 256, noColorEnvironment: noColor, colorDisabledByFlag: options.colorDisabled)
    guard wanted != .monochrome, has_colors(), start_color() == OK else {
      scheme = ColorScheme(mode: .monochrome)
      return
    }
    let mode = ColorMode.resolve(
      colorCount: Int(shop_colors()), noColorEnvironment: noColor, colorDisabledByFlag: options.colorDisabled)
    scheme = ColorScheme(mode: mode)
    let defaultColors = use_default_colors() == OK
    for definition in scheme.pairDefinitions(defaultColors: defaultColors)
    where definition.pair < shop_color_pairs() {
      init_pair(Int16(definition.pair), Int16(definition.foreground), Int16(definition.background))
    }
  }

  /// What the crash handler writes: keypad off, mouse off, attributes off, cursor on, main screen back.
  private func restoreSequence() -> String {
    var sequence = ""
    for capability in ["rmkx", "sgr0", "cnorm", "rmcup"] {
      if let value = shop_terminfo_string(capability) { sequence += String(cString: value) }
    }
    sequence = Self.bracketedPaste().disable + sequence
    if options.mouse, let mouseOff = shop_mouse_off_sequence() {
      sequence = String(cString: mouseOff) + sequence
    }
    return sequence
  }

  /// Reads the curses screen size.
  private func readSize() {
    var rows: Int32 = 0
    var columns: Int32 = 0
    shop_getmaxyx(shop_stdscr(), &rows, &columns)
    width = Int(columns)
    height = Int(rows)
  }

  /// Writes one glyph with its style at (x, y).
  private func put(_ text: String, style: Style, x: Int, y: Int) {
    var count = 0
    for scalar in text.unicodeScalars where count < cellBuffer.count - 1 {
      cellBuffer[count] = wchar_t(bitPattern: scalar.value)
      count += 1
    }
    cellBuffer[count] = 0
    let appearance = scheme.appearance(of: style)
    var attributes = shop_attr_normal()
    if appearance.attributes.contains(.bold) { attributes |= shop_attr_bold() }
    if appearance.attributes.contains(.dim) { attributes |= shop_attr_dim() }
    if appearance.attributes.contains(.reverse) { attributes |= shop_attr_reverse() }
    if appearance.attributes.contains(.underline) { attributes |= shop_attr_underline() }
    _ = shop_put_cell(Int32(y), Int32(x), cellBuffer, attributes, Int32(appearance.pair))
  }
}
