import Shop

/// The options the app and script mode share.
public struct AppOptions: Equatable {
  /// `--catalog FILE`; `nil` for the built-in catalog.
  public var catalogPath: String?
  /// `--debounce DURATION`.
  public var debounce = DebounceInterval.standard
  /// `--store controlled|simple|derived`.
  public var store = QuantityStoreMode.controlled
  /// Where the basket and orders persist.
  public var state = StateChoice.standard
  /// `--no-color`.
  public var colorDisabled = false
  /// `--no-mouse`.
  public var mouseDisabled = false
  /// `--record FILE.cast`: what the terminal shows, kept as an asciicast v2 recording.
  public var recordPath: String?
  /// `--svg FILE.svg` (with `--script`): the run's marble diagram, written as an SVG file.
  public var svgPath: String?

  /// Options; with no arguments, those of a plain `shop`: the built-in catalog, a 1 s debounce, the
  /// controlled store, the standard state file, colour, the mouse, no recording.
  public init(
    catalogPath: String? = nil, debounce: DebounceInterval = .standard,
    store: QuantityStoreMode = .controlled,
    state: StateChoice = .standard, colorDisabled: Bool = false, mouseDisabled: Bool = false,
    recordPath: String? = nil, svgPath: String? = nil
  ) {
    self.catalogPath = catalogPath
    self.debounce = debounce
    self.store = store
    self.state = state
    self.colorDisabled = colorDisabled
    self.mouseDisabled = mouseDisabled
    self.recordPath = recordPath
    self.svgPath = svgPath
  }

  /// The state file the user chose.
  public enum StateChoice: Equatable {
    /// The standard location (`$XDG_STATE_HOME/shop/state.json`); in script mode, none.
    case standard
    /// `--state FILE`.
    case file(String)
    /// `--no-state`.
    case none
  }
}
