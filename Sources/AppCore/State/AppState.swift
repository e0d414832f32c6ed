import Foundation
import Shop

/// Everything the screen shows, in one value: the shop, what the reactive pipeline last reported, and
/// where the user is on the screen. ``render(_:)`` draws it; nothing else is read to draw.
///
/// The article's questions, answered for the app's own state:
/// - Who owns it: the app's runtime holds the one copy (`AppRuntime.state`; a test store or the script
///   runner in their places). Nothing else keeps a second copy of any field: in the derived mode the
///   quantity store keeps only the count of the basket it is handed with each write, not the basket;
///   the other stores own their counts, which the state only records as published (`lastSent`).
/// - Who may write it: only ``update(_:at:date:)``, one event at a time; views and the shell only
///   read it. Every field is `internal(set)` or `private(set)` to the core.
/// - How: an ``AppEvent`` (a key, a paste, a click, a resize, a tick of the clock, a value the store
///   published, a value that reached the badge, a save that finished) goes into `update`, which changes
///   the state and returns the ``AppEffect``s for the shell to perform; the quantity store's writes
///   among them, as values (`update` never writes the store: the runtime hands them to the pipeline).
/// - Validation: the shop changes only through the domain's use cases, pure transitions that refuse,
///   changing nothing, what the basket or the store of the current mode would refuse; selection and
///   scroll are clamped to the list after every event.
/// - Who reads it: the views, the shell (to decide whether to keep ticking or to quit), the script
///   runner and the tests.
///
/// What is derived is not stored: the pending badge value is the last value sent while the badge has
/// not caught up (``badgeIsCaughtUp``, the one record of that), the layout comes from the window size,
/// the visible list from the filter.
public struct AppState: Equatable {
  /// What the shop sells; fixed for the run.
  public let catalog: Catalog
  /// The basket and the order history.
  public internal(set) var shop: ShopState
  /// The shop as it was before each of the last changes, for `u`.
  public internal(set) var undoHistory = UndoHistory()
  /// The quantity store in use.
  public internal(set) var mode: QuantityStoreMode
  /// How long the badge waits after the last change.
  public internal(set) var debounce: DebounceInterval
  /// The last quantity the store published (`nil` before the first), as reported to the app.
  public internal(set) var lastSent: Stamped?
  /// What the badge shows: the last debounced value that reached it.
  public internal(set) var badge: Stamped
  /// Whether the badge has caught up with the store: false from each value the store publishes until a
  /// value reaches the badge that answers it. The app's one record of it, set from the pipeline's
  /// events alone: a value sent makes it false, and each value reaching the badge says whether it
  /// answers everything sent so far (with no debounce, an earlier value reaches the badge while later
  /// ones are still on their way).
  public internal(set) var badgeIsCaughtUp = true
  /// The recent events, for the timeline pane.
  public internal(set) var timeline = Timeline()
  /// The time zone order dates are shown in: the user's.
  public internal(set) var timeZone = TimeZone(identifier: "UTC")!
  /// How much time the timeline pane shows, in milliseconds: one of ``Timeline/spans``.
  public internal(set) var timelineSpan = Timeline.standardSpan
  /// The paces `<` and `>` step through, slowest first: how fast the app's clock may run against the
  /// real one (1/8x to 1x).
  public static let paces: [Double] = [0.125, 0.25, 0.5, 1]

  /// How fast the app's clock runs against the real one: one of ``paces``.
  public internal(set) var pace = 1.0
  /// Whether the app's clock stands still (Space): the debounce, the timeline and the countdown wait.
  public internal(set) var isPaused = false
  /// The pipeline whose stages have a lane each under `sent`, if any (`l` cycles presets, `:` reads
  /// one, `lane` in a script).
  public internal(set) var lanes: LabPipeline?
  /// How many times a pipeline (or none) was chosen: what the lanes' values are tagged with, so that
  /// one an earlier pipeline produced is not shown under a new one.
  public internal(set) var laneGeneration = 0
  /// The prompt `:` opened for a pipeline, while it is open.
  public internal(set) var lanePrompt: LanePrompt?
  /// The pipelines entered at the prompt, oldest first, as the prompt's ↑ ↓ recall them.
  public internal(set) var laneHistory: [String] = []
  /// The presenter layout (`p`): only the header, a large badge and the timeline.
  public internal(set) var isPresenting = false
  /// Milliseconds since the start, as of the event being handled: the time the screen shows.
  public internal(set) var now = 0
  /// The date of the event being handled, as the runtime read it: what stamps an order placed now.
  public internal(set) var date = Date(timeIntervalSince1970: 0)
  /// The window, in columns and rows.
  public internal(set) var width: Int
  /// The window's rows.
  public internal(set) var height: Int
  /// The item list: selection, scroll, filter and order.
  public internal(set) var list: ListState
  /// Which pane the keys act on.
  public internal(set) var focus = Focus.items
  /// The selected line of the basket, when the basket has focus (clamped to its lines).
  public internal(set) var basketSelection = 0
  /// A count typed before a key (`5a` adds five), while it is being typed.
  public internal(set) var countPrefix: Int?
  /// What covers the main screen, if anything: the help, the checkout confirmation, the message log.
  public internal(set) var overlay: Overlay?
  /// The search through the help (`/` there), while the help is open and one was begun.
  public internal(set) var helpSearch: HelpSearch?
  /// The last thing that happened.
  public internal(set) var status = StatusLine(
    text: "welcome: a or Enter adds, b adds a paper bag, ? shows every key", kind: .info)
  /// What the user must not miss and that stays until it is resolved: a save that failed, or a run
  /// without a state file. Drawn in place of the key hints.
  public internal(set) var stickyNotice: StickyNotice?
  /// The newest save whose outcome has been seen.
  var lastSaveReport = 0
  /// The shop as it was before a checkout whose save has not been reported yet. A checkout is done
  /// only once it is on disk: if its save fails, this is put back (the basket kept, no order placed).
  var checkoutAwaitingSave: ShopState?
  /// Every status line so far, oldest first, for the message log: the last ``MessageLog/capacity``.
  public internal(set) var messages = MessageLog()
  /// Whether the app asked the shell for clock ticks, to animate the timeline.
  public internal(set) var isTicking = false
  /// How many values have been recorded; orders ``Stamped`` values.
  var recorded = 0

  /// The state of a new run: `shop` in the basket, a store of `mode` holding its count, the badge
  /// settled on it, and a window of `width` x `height`.
  public init(
    catalog: Catalog, shop: ShopState, mode: QuantityStoreMode, debounce: DebounceInterval, width: Int,
    height: Int
  ) {
    self.catalog = catalog
    self.shop = shop
    self.mode = mode
    self.debounce = debounce
    self.width = max(0, width)
    self.height = max(0, height)
    list = ListState(catalog: catalog)
    if mode == .simple { status.text = "simple store" + Self.reorderBugHint + "; ? explains" }
    badge = Stamped(value: shop.basket.badgeQuantity, milliseconds: 0, sequence: 0)
  }

  /// The value on its way to the badge and since when, while the badge has not caught up with the
  /// last value the store published: nothing has reached the badge since, or what reached it answers
  /// an earlier value.
  public var pending: Stamped? {
    guard let lastSent, !badgeIsCaughtUp else { return nil }
    return lastSent
  }

  /// Whether anything on the timeline will still move: a pending emission, or an event not yet scrolled
  /// off. The app animates only while this holds.
  public var timelineIsMoving: Bool {
    if pending != nil { return true }
    guard let last = timeline.events.last(where: { !$0.event.isNote }) else { return false }
    return now - last.milliseconds < timelineSpan
  }

  /// The basket's quantity without paper bags: what a settled badge shows in a controlled store.
  public var basketQuantity: Int { shop.basket.badgeQuantity }

  /// How far the settled badge is from the basket (badge minus basket), or `nil` while a change is
  /// pending or when they agree.
  public var disagreement: Int? {
    guard pending == nil, badge.value != basketQuantity else { return nil }
    return badge.value - basketQuantity
  }

  /// Shows order dates in `timeZone` (the app passes the user's; tests a fixed one).
  public mutating func use(timeZone: TimeZone) {
    self.timeZone = timeZone
  }

  /// Shows `text` in the status line as something the user must know, such as a state file moved
  /// aside at start.
  public mutating func showNotice(_ text: String) {
    say(text, kind: .error)
  }

  /// Shows `text` until the run ends, in place of the key hints: the app runs without a state file.
  public mutating func showStickyNotice(_ text: String) {
    stickyNotice = StickyNotice(text: text, clearedBySave: false)
    say(text, kind: .error)
  }

  /// Shows `text` in the status bar and keeps it in the message log.
  mutating func say(_ text: String, kind: StatusLine.Kind) {
    status = StatusLine(text: text, kind: kind)
    messages.append(LoggedMessage(milliseconds: now, text: text, kind: kind))
  }

  /// Where each pane goes in the current window.
  public var layout: ScreenLayout {
    ScreenLayout(width: width, height: height, extraLanes: lanes?.stages.count ?? 0)
  }
}
