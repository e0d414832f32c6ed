/// Turns what the terminal sends into keys, mouse reports and pastes, whatever terminfo says.
///
/// Every CSI (`ESC [`) and SS3 (`ESC O`) sequence and every mouse report is read to its end: a known one
/// becomes its key (``EscapeSequence``), an unknown one is dropped whole, so that none of its bytes runs
/// as a command (`\e[6;5~`, Ctrl-PgDn, was once a `6`, a `5` and a `~`). `ESC` with another character
/// after it is the Escape key and that character (Esc typed quickly before a key, as tmux sends it);
/// `ESC` at the end of what was read is the Escape key, since ncurses waited for more. A sequence cut off between two reads waits ``sequenceIdleLimit`` for its rest.
///
/// A bracketed paste is text, never commands: it is kept up to ``maximumPasteCharacters`` (the rest is
/// counted and dropped, in time linear in its length) and ends at its end marker, or, when that never
/// comes, after ``pasteIdleLimit`` without input; both are told with a notice. Signal characters inside
/// a paste are text.
///
/// A pure value: the edge feeds it what it read with the time, and calls ``expire(at:)`` at
/// ``deadline``.
public struct TerminalInputDecoder: Sendable {
  /// The most characters of one paste kept: far more than any filter needs.
  public static let maximumPasteCharacters = 4096
  /// How long a paste without its end marker waits for more input before it ends.
  /// Long enough that a terminal or tmux stalled on a loaded machine does not cut a real paste in two
  /// (its rest would arrive as keys), short enough that a stray paste start gives the keys back soon.
  public static let pasteIdleLimit = Duration.seconds(3)
  /// How long the rest of a sequence cut off between two reads is waited for.
  public static let sequenceIdleLimit = Duration.milliseconds(100)
  /// The most parameter bytes of a sequence kept; a longer one is read to its end and dropped.
  static let maximumParameterBytes = 32
  /// The end marker of a paste, as bytes ncurses did not recognise.
  private static let pasteEndBytes: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  private enum Sequence: Sendable {
    case none
    /// `ESC`, or `ESC ESC` (`alt`): Alt with a sequence, or Escape twice.
    case escape(alt: Bool)
    case csi(parameters: [UInt8], tooLong: Bool)
    case ss3(parameters: [UInt8], tooLong: Bool)
    case linuxFunctionKey
    case x10Mouse([UInt32])
  }

  private struct Paste: Sendable {
    var text = String.UnicodeScalarView()
    var kept = 0
    var total = 0
    var lastInput: Duration
    /// How many characters of the raw end marker were read last, not yet counted as text.
    var endMarkerMatched = 0
  }

  private let signalCharacters: Set<UInt32>
  private var sequence = Sequence.none
  private var lastInput = Duration.zero
  private var paste: Paste?

  /// A decoder that reports the characters in `signalCharacters` as ``DecodedInput/signalCharacter(_:)``
  /// outside a paste (the edge passes its terminal's `VINTR`, `VQUIT` and `VSUSP`).
  public init(signalCharacters: Set<UInt32> = []) {
    self.signalCharacters = signalCharacters
  }

  /// Whether a paste is being read.
  public var isInPaste: Bool { paste != nil }

  /// When ``expire(at:)`` has something to do: a paste without its end, or a sequence cut off, gives up.
  public var deadline: Duration? {
    if let paste { return paste.lastInput + Self.pasteIdleLimit }
    if case .none = sequence { return nil }
    return lastInput + Self.sequenceIdleLimit
  }

  /// Decodes what was read at `now`, in order.
  public mutating func decode(_ inputs: [TerminalInput], at now: Duration) -> [DecodedInput] {
    var decoded = expire(at: now)
    for input in inputs { feed(input, into: &decoded) }
    switch sequence {
    case .escape(let alt):
      decoded += Array(repeating: .key(.escape), count: alt ? 2 : 1)
      sequence = .none
    default:
      break
    }
    lastInput = now
    if paste != nil, !inputs.isEmpty { paste!.lastInput = now }
    return decoded
  }

  /// Gives up what waited too long by `now`: a paste ends with what it has, a sequence cut off is dropped.
  public mutating func expire(at now: Duration) -> [DecodedInput] {
    if case .none = sequence {
    } else if now - lastInput >= Self.sequenceIdleLimit {
      sequence = .none
    }
    guard let open = paste, now - open.lastInput >= Self.pasteIdleLimit else { return [] }
    var decoded: [DecodedInput] = []
    endPaste(into: &decoded, marked: false)
    return decoded
  }

  private mutating func feed(_ input: TerminalInput, into decoded: inout [DecodedInput]) {
    switch input {
    case .pasteStart:
      guard paste == nil else { return }
      sequence = .none
      paste = Paste(lastInput: lastInput)
    case .pasteEnd:
      if paste != nil { endPaste(into: &decoded, marked: true) }
    case .character(let code):
      if paste != nil {
        addToPaste(code, into: &decoded)
      } else {
        read(code, into: &decoded)
      }
    case .key(let key):
      // Inside a paste, a key ncurses made of pasted bytes is dropped: those bytes were text.
      guard paste == nil else { return }
      // An unfinished sequence before it is dropped; Alt with a function key is the key.
      sequence = .none
      decoded.append(.key(key))
    case .mouse(let report):
      guard paste == nil else { return }
      sequence = .none
      decoded.append(.mouse(report))
    case .otherKey:
      if paste == nil { sequence = .none }
    }
  }

  private mutating func read(_ code: UInt32, into decoded: inout [DecodedInput]) {
    switch sequence {
    case .none:
      if code == 0x1B {
        sequence = .escape(alt: false)
      } else if signalCharacters.contains(code) {
        decoded.append(.signalCharacter(code))
      } else if let key = KeyDecoder.key(forCharacter: code) {
        decoded.append(.key(key))
      }
    case .escape(let alt):
      switch code {
      case 0x5B: sequence = .csi(parameters: [], tooLong: false)
      case 0x4F: sequence = .ss3(parameters: [], tooLong: false)
      case 0x1B:
        // rxvt sends Alt-Left as `ESC ESC [ D`; a third Escape makes the first a key of its own.
        if alt { decoded.append(.key(.escape)) }
        sequence = .escape(alt: true)
      default:
        // Escape and then a key typed at once (or Alt with it): both, as they came.
        decoded += Array(repeating: .key(.escape), count: alt ? 2 : 1)
        sequence = .none
        read(code, into: &decoded)
      }
    case .csi(let parameters, let tooLong):
      readCSI(code, after: parameters, tooLong: tooLong, into: &decoded)
    case .ss3(var parameters, var tooLong):
      if (0x30...0x3F).contains(code) {
        Self.keep(code, in: &parameters, tooLong: &tooLong)
        sequence = .ss3(parameters: parameters, tooLong: tooLong)
      } else {
        sequence = .none
        if (0x40...0x7E).contains(code) {
          if !tooLong { emit(EscapeSequence.ss3(parameters: parameters, final: UInt8(code)), into: &decoded) }
        } else {
          read(code, into: &decoded)
        }
      }
    case .linuxFunctionKey:
      sequence = .none
      if (0x40...0x7E).contains(code) {
        emit(EscapeSequence.linuxFunctionKey(final: UInt8(code)), into: &decoded)
      } else {
        read(code, into: &decoded)
      }
    case .x10Mouse(var codes):
      guard code >= 0x20 else {
        sequence = .none
        return read(code, into: &decoded)
      }
      codes.append(code)
      if codes.count < 3 {
        sequence = .x10Mouse(codes)
      } else {
        sequence = .none
        decoded.append(.mouse(EscapeSequence.x10Mouse(codes)))
      }
    }
  }

  /// The next byte of a CSI sequence (`ESC [`) that has `parameters` so far: kept, or the sequence's
  /// end (a key, or nothing for an unknown or overlong one), or the start of the Linux console's and
  /// X10's own forms.
  private mutating func readCSI(
    _ code: UInt32, after parameters: [UInt8], tooLong: Bool, into decoded: inout [DecodedInput]
  ) {
    var parameters = parameters
    var tooLong = tooLong
    if parameters.isEmpty, !tooLong, code == 0x5B {
      sequence = .linuxFunctionKey
    } else if parameters.isEmpty, !tooLong, code == 0x4D {
      sequence = .x10Mouse([])
    } else if code == 0x24, !tooLong, !parameters.isEmpty,
      parameters.allSatisfy({ (0x30...0x39).contains($0) })
    {
      // rxvt ends its Shift forms with `$` after a number, which ECMA-48 calls an intermediate byte;
      // only replies to queries the app never sends have one there.
      sequence = .none
      emit(EscapeSequence.csi(parameters: parameters, final: 0x24), into: &decoded)
    } else if (0x20...0x3F).contains(code) {
      Self.keep(code, in: &parameters, tooLong: &tooLong)
      sequence = .csi(parameters: parameters, tooLong: tooLong)
    } else {
      sequence = .none
      if (0x40...0x7E).contains(code) {
        if !tooLong { emit(EscapeSequence.csi(parameters: parameters, final: UInt8(code)), into: &decoded) }
      } else {
        // Not part of a sequence: the unfinished one is dropped and the character read as itself.
        read(code, into: &decoded)
      }
    }
  }

  private static func keep(_ code: UInt32, in parameters: inout [UInt8], tooLong: inout Bool) {
    if parameters.count < maximumParameterBytes {
      parameters.append(UInt8(code))
    } else {
      tooLong = true
    }
  }

  private mutating func emit(_ meaning: EscapeSequence.Meaning?, into decoded: inout [DecodedInput]) {
    switch meaning {
    case .key(let key): decoded.append(.key(key))
    case .mouse(let report): decoded.append(.mouse(report))
    case .pasteStart: paste = Paste(lastInput: lastInput)
    case .pasteEnd, nil: break
    }
  }

  private mutating func addToPaste(_ code: UInt32, into decoded: inout [DecodedInput]) {
    let marker = Self.pasteEndBytes
    if code == marker[paste!.endMarkerMatched] {
      paste!.endMarkerMatched += 1
      if paste!.endMarkerMatched == marker.count { endPaste(into: &decoded, marked: true) }
      return
    }
    let held = paste!.endMarkerMatched
    paste!.endMarkerMatched = 0
    for earlier in marker[..<held] { addTextToPaste(earlier) }
    if code == marker[0] {
      paste!.endMarkerMatched = 1
    } else {
      addTextToPaste(code)
    }
  }

  private mutating func addTextToPaste(_ code: UInt32) {
    paste!.total += 1
    guard paste!.kept < Self.maximumPasteCharacters, let scalar = Unicode.Scalar(code) else { return }
    paste!.text.append(scalar)
    paste!.kept += 1
  }

  private mutating func endPaste(into decoded: inout [DecodedInput], marked: Bool) {
    guard var open = paste else { return }
    paste = nil
    if !marked {
      // Characters held as the start of an end marker that never came are text.
      for earlier in Self.pasteEndBytes[..<open.endMarkerMatched] {
        open.total += 1
        if open.kept < Self.maximumPasteCharacters, let scalar = Unicode.Scalar(earlier) {
          open.text.append(scalar)
          open.kept += 1
        }
      }
    }
    decoded.append(.paste(String(open.text)))
    if open.total > open.kept {
      decoded.append(
        .notice(
          "paste cut to its first \(open.kept) characters of \(open.total): the filter keeps no more"))
    }
    if !marked {
      decoded.append(
        .notice(
          "a paste had no end marker: it ended after 3 s without input, and keys work again"))
    }
  }
}
