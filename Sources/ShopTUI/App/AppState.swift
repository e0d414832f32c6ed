/// What the screen shows besides the shop itself: where the user is in the list, the filter, the help
/// overlay, the last status line and the window size. Changed only by ``AppController``.
struct AppState: Equatable {
  /// The window, in columns and rows.
  var width: Int
  var height: Int
  /// The selected position in the visible list (an index into `visibleItems` when filtering).
  var selection = 0
  /// The first visible row of the list.
  var scroll = 0
  /// The name filter; empty for none.
  var filter = ""
  /// Whether keys go to the filter (after `/`, until Enter or Esc).
  var isEditingFilter = false
  /// Catalog indices matching the filter; `nil` when there is no filter.
  var filteredIndices: [Int]?
  /// Whether the help overlay is open.
  var isShowingHelp = false
  /// The last thing that happened.
  var status = StatusLine(
    text: "welcome: a or Enter adds, b adds a paper bag, ? shows every key", kind: .info)

  /// A line in the status bar.
  struct StatusLine: Equatable {
    enum Kind: Equatable {
      case info
      case error
    }
    var text: String
    var kind: Kind
  }
}

/// What a key or a click asks for.
enum AppAction: Equatable {
  case move(Int)
  case page(Int)
  case top
  case bottom
  case addSelected
  case removeSelected
  case command(ShopCommand)
  case switchMode
  case debounceUp
  case debounceDown
  case beginFilter
  case filterType(Character)
  case filterBackspace
  case finishFilter
  case clearFilter
  case toggleHelp
  case closeHelp
  case select(row: Int)
  case addAt(row: Int)
  case resize(width: Int, height: Int)
  case quit
}
