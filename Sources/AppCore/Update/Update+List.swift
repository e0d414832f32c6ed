import Foundation
import Shop

extension AppState {
  /// How many items the list shows (all, or those matching the filter).
  public var visibleCount: Int { list.visibleCount(catalogCount: catalog.items.count) }

  /// The selected item, if the list is not empty.
  public var selectedItem: ShoppingItem? {
    list.catalogIndex(at: list.selection, catalogCount: catalog.items.count).map { catalog.items[$0] }
  }

  /// Moves the selection to `position`, clamped, and scrolls just enough to keep it visible.
  mutating func select(_ position: Int) {
    let count = visibleCount
    list.selection = count == 0 ? 0 : min(max(0, position), count - 1)
    let rows = max(1, layout.list.height)
    if list.selection < list.scroll { list.scroll = list.selection }
    if list.selection >= list.scroll + rows { list.scroll = list.selection - rows + 1 }
    list.scroll = max(0, min(list.scroll, max(0, count - rows)))
  }

  /// Scrolls the list's view by `lines`; the selection stays where it is unless it would leave the view.
  mutating func scrollList(by lines: Int) {
    let count = visibleCount
    let rows = max(1, layout.list.height)
    list.scroll = max(0, min(list.scroll + lines, max(0, count - rows)))
    if list.selection < list.scroll { list.selection = list.scroll }
    if list.selection >= list.scroll + rows { list.selection = list.scroll + rows - 1 }
    select(list.selection)
  }

  /// Opens, edits, keeps or clears the filter.
  mutating func editFilter(_ action: AppAction) {
    switch action {
    case .beginFilter:
      list.isEditingFilter = true
    case .filterType(let character):
      guard !character.isNewline, !character.unicodeScalars.contains(where: UntrustedText.isControl) else {
        return
      }
      setFilter(list.filter + String(character))
    case .filterPaste(let text):
      // One line: line breaks become spaces, other controls go; a newline never ends the filter.
      var pasted = ""
      for character in text {
        if character.isNewline {
          if pasted.last != " " { pasted.append(" ") }
        } else if !character.unicodeScalars.contains(where: UntrustedText.isControl) {
          pasted.append(character)
        }
      }
      guard !pasted.isEmpty else { return }
      setFilter(list.filter + pasted)
    case .filterBackspace:
      if list.filter.isEmpty {
        list.isEditingFilter = false
      } else {
        setFilter(String(list.filter.dropLast()))
      }
    case .finishFilter:
      list.isEditingFilter = false
    case .clearFilter:
      list.isEditingFilter = false
      if !list.filter.isEmpty { setFilter("") }
    default:
      return
    }
  }

  /// Sets the filter and recomputes the matches; typing more narrows the previous matches rather than
  /// scanning the whole catalog again.
  private mutating func setFilter(_ text: String) {
    let previous = list.filter
    list.filter = text
    if text.isEmpty {
      list.matches = nil
    } else {
      let items = catalog.items
      let candidates =
        text.hasPrefix(previous) && !previous.isEmpty ? list.matches ?? [] : Array(items.indices)
      list.matches = candidates.filter { NameMatcher.matches(items[$0].name, text) }
    }
    list.selection = 0
    list.scroll = 0
    select(0)
  }
}

/// Case- and accent-insensitive name matching for the filter: "creme" finds "Crème fraîche".
enum NameMatcher {
  static func matches(_ name: String, _ query: String) -> Bool {
    name.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
  }
}
