/// Where each pane goes in a window of a given size. Everything is derived from the size alone, so the
/// update (for paging and clicks) and the views agree.
public struct ScreenLayout: Equatable {
  /// Below this the screen says `too small`.
  public static let minimumWidth = 40
  /// Below this the screen says `too small`.
  public static let minimumHeight = 12
  /// Wide enough to show the basket beside the list.
  public static let basketPaneMinimumWidth = 72
  /// The fewest rows the item list keeps: the timeline gives up detail before the list goes below.
  static let listMinimumRows = 5

  /// The window's columns.
  public let width: Int
  /// The window's rows.
  public let height: Int
  /// Lanes the timeline shows beyond sent, badge and basket.
  public let extraLanes: Int

  /// The layout of a window `width` x `height` whose timeline has `extraLanes` more lanes.
  public init(width: Int, height: Int, extraLanes: Int = 0) {
    self.width = width
    self.height = height
    self.extraLanes = extraLanes
  }

  /// Whether the window can hold the layout.
  public var fits: Bool { width >= Self.minimumWidth && height >= Self.minimumHeight }

  /// The header row.
  public var headerRow: Int { 0 }
  /// The status row.
  public var statusRow: Int { height - 2 }
  /// The key-hint row.
  public var footerRow: Int { height - 1 }

  /// The timeline pane and how much of it fits: the timeline has priority over the item list, so it
  /// is always there, with fewer rows (and less detail) only when the list would go below
  /// ``listMinimumRows``.
  var timelinePane: (rect: GridRect, density: TimelineView.Density) {
    timelinePane(keeping: Self.listMinimumRows)
  }

  /// The timeline pane when `rows` must stay free above it (for the list, or the large badge).
  func timelinePane(keeping rows: Int) -> (rect: GridRect, density: TimelineView.Density) {
    let spare = height - 4 - rows
    let density: TimelineView.Density =
      spare >= TimelineView.Density.full.rows(extraLanes: extraLanes)
      ? .full : spare >= TimelineView.Density.compact.rows(extraLanes: extraLanes) ? .compact : .minimal
    let rows = density.rows(extraLanes: extraLanes)
    return (GridRect(x: 0, y: statusRow - rows, width: width, height: rows), density)
  }

  /// The timeline pane.
  public var timeline: GridRect { timelinePane.rect }

  /// The presenter layout's timeline: under the large badge, and growing with the window: in full
  /// detail its lanes take the spare rows, up to four rows each.
  var presenterTimeline: (rect: GridRect, density: TimelineView.Density, laneHeight: Int) {
    let base = timelinePane(keeping: PresenterView.badgeRows)
    guard base.density == .full else { return (base.rect, base.density, 1) }
    let spare = height - 4 - PresenterView.badgeRows - base.rect.height
    let laneHeight = min(4, 1 + spare / (3 + extraLanes))
    let rows = TimelineView.Density.full.rows(extraLanes: extraLanes, laneHeight: laneHeight)
    return (GridRect(x: 0, y: statusRow - rows, width: width, height: rows), .full, laneHeight)
  }

  /// The row of the list's column titles.
  public var listTitleRow: Int { 1 }
  /// The list's rows and columns.
  public var list: GridRect {
    let top = listTitleRow + 1
    let bottom = timeline.origin.y
    let listWidth = basket.map { $0.origin.x - 1 } ?? width
    return GridRect(x: 0, y: top, width: listWidth, height: max(0, bottom - top))
  }

  /// The basket pane, when the window is wide enough; otherwise the list's title carries a summary.
  public var basket: GridRect? {
    guard width >= Self.basketPaneMinimumWidth else { return nil }
    let paneWidth = min(44, width * 2 / 5)
    return GridRect(
      x: width - paneWidth, y: listTitleRow, width: paneWidth, height: timeline.origin.y - listTitleRow)
  }

  /// The frame of a box over the screen that wants `rows` lines of text.
  func overlay(rows: Int) -> OverlayFrame { OverlayFrame(width: width, height: height, rows: rows) }

  /// The columns a box over the screen gives its text (whatever its height).
  var overlayTextWidth: Int { overlay(rows: 1).textWidth }

  /// How many basket lines the basket pane shows (its title and total take the rest); 1 without a pane.
  var basketLineRows: Int { Self.basketLineRows(paneHeight: basket?.height ?? 0) }

  /// How many basket lines a basket pane of `paneHeight` rows shows.
  static func basketLineRows(paneHeight: Int) -> Int { max(1, paneHeight - 3) }

  /// The first of `count` basket lines the pane shows: scrolled so that the line at `selection` stays
  /// in view while the basket has focus (`focused`), from the top otherwise.
  ///
  /// Unless the pane reaches the last line, its last row says how many more lines follow, so the
  /// selection is kept among the rows above it.
  func firstShownBasketLine(selection: Int, count: Int, focused: Bool) -> Int {
    Self.firstShownBasketLine(
      selection: selection, count: count, focused: focused, paneHeight: basket?.height ?? 0)
  }

  /// ``firstShownBasketLine(selection:count:focused:)`` in a basket pane of `paneHeight` rows (the
  /// narrow layout draws the basket in the list's place).
  static func firstShownBasketLine(selection: Int, count: Int, focused: Bool, paneHeight: Int) -> Int {
    let rows = basketLineRows(paneHeight: paneHeight)
    guard focused, count > rows else { return 0 }
    let selection = max(0, min(selection, count - 1))
    if selection >= count - rows { return count - rows }
    return max(0, selection - max(1, rows - 1) + 1)
  }

  /// The first order shown (counted from the newest) when `rows` rows show the list with `selection`
  /// selected: the top, until the selection would fall below the last row.
  static func firstShownOrder(_ selection: Int, rows: Int) -> Int { max(0, selection - rows + 1) }

  /// The order (counted from the newest) whose row is drawn at column `x`, row `y` of the history's
  /// `count` orders with `selection` selected; `nil` off the rows.
  func historyOrder(at x: Int, _ y: Int, selection: Int, count: Int) -> Int? {
    let box = overlay(rows: count).rect
    let rows = box.height - 2
    let row = y - box.origin.y - 1
    guard (box.origin.x..<(box.origin.x + box.width)).contains(x), (0..<rows).contains(row) else {
      return nil
    }
    let index = Self.firstShownOrder(selection, rows: rows) + row
    return index < count ? index : nil
  }
}
