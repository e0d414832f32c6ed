import Shop

extension AppState {
  /// How many items the list shows (all, or those matching the filter).
  public var visibleCount: Int { list.visibleCount(catalogCount: catalog.items.count) }

  /// The selected item, if the list is not empty.
  public var selectedItem: ShoppingItem? {
    list.catalogIndex(at: list.selection, catalogCount: catalog.items.count).map { catalog.items[$0] }
  }

  /// Selects the catalog item at `index`, wherever the list's order puts it, clearing the filter
  /// first if the filter hides it (as a script played on screen selects the item its line names).
  mutating func selectItem(atCatalogIndex index: Int, effects: inout [AppEffect]) {
    guard catalog.items.indices.contains(index) else { return }
    if let matches = list.matches, ListArrangement.position(of: Int32(index), inAscending: matches) == nil {
      editFilter(.clear, effects: &effects)
    }
    select(ListArrangement.position(of: index, in: list) ?? 0)
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
  mutating func editFilter(_ action: AppAction.Filter, effects: inout [AppEffect]) {
    switch action {
    case .begin:
      list.isEditingFilter = true
      // Fold the names while the user types the first character, if that takes a while.
      if list.index.foldedNamesIfReady == nil, list.index.count > list.budget.buildItems {
        effects.append(.startListWork(.prepareFilter(list.index)))
      }
    case .type(let character):
      guard !character.isNewline, !character.unicodeScalars.contains(where: UntrustedText.isControl) else {
        return
      }
      setFilter(list.filter + String(character), effects: &effects)
    case .paste(let text):
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
      setFilter(list.filter + pasted, effects: &effects)
    case .backspace:
      if list.filter.isEmpty {
        // The filter stays open: letters typed next go into it, never run commands.
        say("the filter is empty: type to filter, Esc closes it", kind: .info)
      } else {
        setFilter(String(list.filter.dropLast()), effects: &effects)
      }
    case .finish:
      list.isEditingFilter = false
    case .clear:
      list.isEditingFilter = false
      if !list.filter.isEmpty { setFilter("", effects: &effects) }
    }
  }

  /// Sets the filter and shows its matches: found at once among the matches of the query it extends
  /// (or in the history, after a backspace), or, when that would take long, searched for in the
  /// background while the list shows what it showed.
  private mutating func setFilter(_ text: String, effects: inout [AppEffect]) {
    list.filter = text
    if list.pendingSearch != nil {
      list.pendingSearch = nil
      effects.append(.cancelSearch)
    }
    guard !text.isEmpty else {
      list.history.removeAll()
      show(matches: nil)
      return
    }
    var folder = NameFolder()
    let folded = folder.fold(query: text)
    guard !folded.isEmpty else {
      // Only combining marks: they match nothing on their own.
      show(matches: [])
      return
    }
    let level = list.history.narrowest(containing: folded)
    if let level, level.folded == folded {
      show(matches: level.matches)
      return
    }
    let candidates = level?.matches
    let names =
      list.index.foldedNamesIfReady
      ?? (list.index.count <= list.budget.buildItems ? list.index.foldedNames() : nil)
    if let names, names.searchCost(among: candidates) <= list.budget.searchBytes {
      let found = names.search(folded, among: candidates, isCancelled: { false })!
      keep(found, for: folded)
      return
    }
    list.pendingSearch = text
    effects.append(
      .startListWork(
        .search(FilterSearch(query: text, folded: folded, candidates: candidates, index: list.index))))
  }

  /// Shows the answer of a background search, if it answers the filter as it is now; an answer to
  /// an earlier text (the user typed on) is ignored.
  mutating func receiveFilterResult(query: String, matches: [Int32]) {
    guard list.pendingSearch == query, list.filter == query else { return }
    list.pendingSearch = nil
    var folder = NameFolder()
    let folded = folder.fold(query: query)
    _ = list.history.narrowest(containing: folded)
    keep(matches, for: folded)
  }

  /// Moves to the next order, keeping the selected item selected on the same row; an order whose
  /// permutation would take long to build is built in the background first.
  mutating func cycleOrder(effects: inout [AppEffect]) {
    let next = (list.pendingOrder ?? list.order).next
    if list.index.isReady(next) || list.index.count <= list.budget.buildItems {
      list.index.permutation(next)
      list.pendingOrder = nil
      show(order: next)
    } else {
      list.pendingOrder = next
      effects.append(.startListWork(.prepareOrder(next, list.index)))
    }
  }

  /// Shows the list in `order` now that its permutation is built, if it is still the order asked for.
  mutating func receiveOrder(_ order: ListOrder) {
    guard list.pendingOrder == order, list.index.isReady(order) else { return }
    list.pendingOrder = nil
    show(order: order)
  }

  private mutating func keep(_ matches: [Int32], for folded: [UInt8]) {
    list.history.push(folded, matches: matches, limit: 3 * max(1, catalog.items.count))
    show(matches: matches)
  }

  private mutating func show(matches: [Int32]?) {
    rearrange { $0.matches = matches }
  }

  private mutating func show(order: ListOrder) {
    rearrange { $0.order = order }
  }

  /// Changes what the list shows with `change`, then finds the item that was selected: it stays
  /// selected on the same row if it is still shown; otherwise the first item is.
  private mutating func rearrange(_ change: (inout ListState) -> Void) {
    let selected = list.catalogIndex(at: list.selection, catalogCount: catalog.items.count)
    let row = list.selection - list.scroll
    change(&list)
    list.shown = ListArrangement.shown(list.matches, in: list.order, index: list.index)
    guard let selected, let position = ListArrangement.position(of: selected, in: list) else {
      list.scroll = 0
      select(0)
      return
    }
    list.scroll = max(0, position - row)
    select(position)
  }

  /// The item list: moving the selection (by `count` where a count applies), clicks and the wheel over it, adding and removing the selected item.
  mutating func applyToList(_ action: AppAction.List, count: Int, effects: inout [AppEffect]) {
    switch action {
    case .move(let delta):
      select(list.selection + delta * count)
    case .page(let direction):
      select(list.selection + direction * max(1, layout.list.height - 1))
    case .top:
      select(0)
    case .bottom:
      select(visibleCount - 1)
    case .select(let row):
      focus = .items
      if list.catalogIndex(at: list.scroll + row, catalogCount: catalog.items.count) != nil {
        select(list.scroll + row)
      }
    case .addAt(let row):
      focus = .items
      overlay = nil
      if list.catalogIndex(at: list.scroll + row, catalogCount: catalog.items.count) != nil {
        select(list.scroll + row)
        addSelected(count: 1, effects: &effects)
      }
    case .scroll(let lines):
      scrollList(by: lines)
    case .addSelected:
      addSelected(count: count, effects: &effects)
    case .removeSelected:
      if let item = selectedItem {
        run(.remove(id: item.id, quantity: count), effects: &effects)
      }
    case .cycleOrder:
      cycleOrder(effects: &effects)
    }
  }

  private mutating func addSelected(count: Int, effects: inout [AppEffect]) {
    guard let item = selectedItem else {
      say("nothing to add: the list is empty", kind: .error)
      return
    }
    run(.add(id: item.id, quantity: count), effects: &effects)
  }
}
