/// Where each pane goes in a window of a given size. Everything is derived from the size alone, so the
/// update (for paging and clicks) and the views agree.
public struct ScreenLayout: Equatable {
  /// Below this the screen says `too small`.
  public static let minimumWidth = 40
  /// Below this the screen says `too small`.
  public static let minimumHeight = 12
  /// Wide enough to show the basket beside the list.
  public static let basketPaneMinimumWidth = 72
  /// Tall enough to show the timeline.
  public static let timelineMinimumHeight = 20
  /// Rows of the timeline pane: a title, the `sent` lane, the `badge` lane, the countdown.
  public static let timelineHeight = 4

  /// The window's columns.
  public let width: Int
  /// The window's rows.
  public let height: Int

  /// Whether the window can hold the layout.
  public var fits: Bool { width >= Self.minimumWidth && height >= Self.minimumHeight }

  /// The header row.
  public var headerRow: Int { 0 }
  /// The status row.
  public var statusRow: Int { height - 2 }
  /// The key-hint row.
  public var footerRow: Int { height - 1 }

  /// The timeline pane, when the window is tall enough.
  public var timeline: GridRect? {
    guard height >= Self.timelineMinimumHeight else { return nil }
    return GridRect(x: 0, y: statusRow - Self.timelineHeight, width: width, height: Self.timelineHeight)
  }

  /// The row of the list's column titles.
  public var listTitleRow: Int { 1 }
  /// The list's rows and columns.
  public var list: GridRect {
    let top = listTitleRow + 1
    let bottom = (timeline?.origin.y ?? statusRow) - 1
    let listWidth = basket.map { $0.origin.x - 1 } ?? width
    return GridRect(x: 0, y: top, width: listWidth, height: max(0, bottom - top))
  }

  /// The basket pane, when the window is wide enough; otherwise the header carries a summary.
  public var basket: GridRect? {
    guard width >= Self.basketPaneMinimumWidth else { return nil }
    let paneWidth = min(44, width * 2 / 5)
    let bottom = (timeline?.origin.y ?? statusRow) - 1
    return GridRect(x: width - paneWidth, y: listTitleRow, width: paneWidth, height: bottom - listTitleRow)
  }
}
