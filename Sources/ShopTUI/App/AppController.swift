import Foundation
import Shop

/// The update half of the app: takes an action, changes the ``AppState`` and, through the
/// ``ShopSession``, the shop. Drawing is elsewhere and never changes anything.
final class AppController {
  /// The shop.
  let session: ShopSession
  /// The screen's own state.
  private(set) var state: AppState

  /// A controller for a window of `width` x `height`.
  init(session: ShopSession, width: Int, height: Int) {
    self.session = session
    state = AppState(width: width, height: height)
  }

  /// The layout of the current window.
  var layout: ScreenLayout { ScreenLayout(width: state.width, height: state.height) }

  /// How many items the list shows (all, or those matching the filter).
  var visibleCount: Int { state.filteredIndices?.count ?? session.catalog.items.count }

  /// The catalog index of the item at list position `position`.
  func catalogIndex(at position: Int) -> Int? {
    guard (0..<visibleCount).contains(position) else { return nil }
    return state.filteredIndices?[position] ?? position
  }

  /// The selected item, if the list is not empty.
  var selectedItem: ShoppingItem? {
    catalogIndex(at: state.selection).map { session.catalog.items[$0] }
  }

  /// Shows `text` in the status line as something the user must know.
  func showNotice(_ text: String) {
    state.status = .init(text: text, kind: .error)
  }

  /// Applies `action`; returns false when the app should quit.
  @discardableResult
  func handle(_ action: AppAction) -> Bool {
    switch action {
    case .quit:
      return false
    case .move(let delta):
      select(state.selection + delta)
    case .page(let direction):
      select(state.selection + direction * max(1, layout.list.height - 1))
    case .top:
      select(0)
    case .bottom:
      select(visibleCount - 1)
    case .select(let row):
      if catalogIndex(at: state.scroll + row) != nil { select(state.scroll + row) }
    case .addAt(let row):
      if catalogIndex(at: state.scroll + row) != nil {
        select(state.scroll + row)
        addSelected()
      }
    case .addSelected:
      addSelected()
    case .removeSelected:
      if let item = selectedItem { run(.remove(id: item.id, quantity: 1)) }
    case .command(let command):
      run(command)
    case .switchMode:
      run(.mode(session.mode == .controlled ? .simple : .controlled))
    case .debounceUp:
      run(.debounce(session.debounce.increased))
    case .debounceDown:
      run(.debounce(session.debounce.decreased))
    case .beginFilter:
      state.isEditingFilter = true
    case .filterType(let character):
      guard !character.isNewline,
        !character.unicodeScalars.contains(where: UntrustedText.isControl)
      else { break }
      setFilter(state.filter + String(character))
    case .filterBackspace:
      if state.filter.isEmpty {
        state.isEditingFilter = false
      } else {
        setFilter(String(state.filter.dropLast()))
      }
    case .finishFilter:
      state.isEditingFilter = false
    case .clearFilter:
      state.isEditingFilter = false
      if !state.filter.isEmpty { setFilter("") }
    case .toggleHelp:
      state.isShowingHelp.toggle()
    case .closeHelp:
      state.isShowingHelp = false
    case .resize(let width, let height):
      state.width = max(0, width)
      state.height = max(0, height)
      select(state.selection)
    }
    return true
  }

  private func addSelected() {
    guard let item = selectedItem else {
      state.status = .init(text: "nothing to add: the list is empty", kind: .error)
      return
    }
    run(.add(id: item.id, quantity: 1))
  }

  private func run(_ command: ShopCommand) {
    do {
      state.status = .init(text: try session.perform(command), kind: .info)
    } catch {
      state.status = .init(text: error.description, kind: .error)
    }
  }

  /// Moves the selection to `position`, clamped, and scrolls just enough to keep it visible.
  private func select(_ position: Int) {
    let count = visibleCount
    state.selection = count == 0 ? 0 : min(max(0, position), count - 1)
    let rows = max(1, layout.list.height)
    if state.selection < state.scroll { state.scroll = state.selection }
    if state.selection >= state.scroll + rows { state.scroll = state.selection - rows + 1 }
    state.scroll = max(0, min(state.scroll, max(0, count - rows)))
  }

  /// Sets the filter and recomputes the matches; typing more narrows the previous matches rather than
  /// scanning the whole catalog again.
  private func setFilter(_ text: String) {
    let previous = state.filter
    state.filter = text
    if text.isEmpty {
      state.filteredIndices = nil
    } else {
      let candidates =
        text.hasPrefix(previous) && !previous.isEmpty
        ? state.filteredIndices ?? [] : Array(session.catalog.items.indices)
      let items = session.catalog.items
      state.filteredIndices = candidates.filter { NameMatcher.matches(items[$0].name, text) }
    }
    state.selection = 0
    state.scroll = 0
    select(0)
  }
}

/// Case- and accent-insensitive name matching for the filter: "creme" finds "Crème fraîche".
enum NameMatcher {
  static func matches(_ name: String, _ query: String) -> Bool {
    name.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
  }
}
