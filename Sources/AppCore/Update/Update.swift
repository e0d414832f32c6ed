import Foundation
import Shop

extension AppState {
  /// `1/8×`, `1×`.
  static func paceName(_ pace: Double) -> String {
    pace >= 1 ? "1×" : "1/\(Int((1 / pace).rounded()))×"
  }

  /// What the simple store says when it comes in: how to see the article's bug.
  static let reorderBugHint = "; to see its bug, check out, add two items, press r"

  /// The one place the app changes: applies `event`, which happens `now` milliseconds after the start
  /// and on `date` (what stamps an order placed now), and returns what the shell must do. Shop commands
  /// go through the domain's use cases, pure transitions of the shop that return the store's write;
  /// every write, store switch, debounce change and lane change is returned as an effect, for the
  /// runtime to hand to the reactive side. Nothing here reads a clock, writes a store, draws, or
  /// touches a file.
  public mutating func update(_ event: AppEvent, at now: Int, date: Date) -> [AppEffect] {
    self.now = max(self.now, now)
    self.date = date
    var effects: [AppEffect] = []
    switch event {
    case .input(let input):
      if let action = KeyBindings.action(for: input, in: self) {
        apply(action, effects: &effects)
      }
    case .command(let command):
      run(command, effects: &effects)
    case .played(let line, let command):
      play(line: line, command, effects: &effects)
    case .saveFinished(let failure, let request):
      guard request > lastSaveReport else { break }
      lastSaveReport = request
      saveFinished(failure, effects: &effects)
    case .playbackFinished:
      say("▶ the script is over: the shop is yours (? shows every key)", kind: .info)
    case .tick:
      break
    case .laneEmitted(let emission):
      // What an earlier pipeline produced after a new one was chosen is not this lane's.
      guard emission.generation == laneGeneration, let stages = lanes?.stages,
        stages.indices.contains(emission.stage)
      else { break }
      record(.lane(stage: emission.stage, stages[emission.stage], emission.output), effects: &effects)
    case .filterResult(let query, let matches):
      receiveFilterResult(query: query, matches: matches)
    case .listOrderReady(let order):
      receiveOrder(order)
    case .storePublished(let value):
      lastSent = stamp(value)
      record(.sent(value), effects: &effects)
    case .badgeReached(let value, let caughtUp):
      badge = stamp(value)
      badgeIsCaughtUp = caughtUp
      record(.badge(value), effects: &effects)
      if let difference = disagreement {
        let sign = difference > 0 ? "+" : ""
        record(
          .note("badge \(value) but basket holds \(basketQuantity) (\(sign)\(difference))"), effects: &effects
        )
      }
    }
    // Whatever changed the layout (a new size, a lane more or less on the timeline), the selection
    // and the scroll stay inside the list.
    select(list.selection)
    keepTicking(effects: &effects)
    return effects
  }

  /// Applies what a key, a click or a paste asks for. A count typed before it (`5a`) applies to it and
  /// is then forgotten, whatever the key.
  mutating func apply(_ action: AppAction, effects: inout [AppEffect]) {
    if case .countDigit(let digit) = action {
      countPrefix = min(999, (countPrefix ?? 0) * 10 + digit)
      return
    }
    let count = countPrefix ?? 1
    countPrefix = nil
    if focus == .basket, applyInBasket(action, count: count, effects: &effects) { return }
    switch action {
    case .countDigit:
      break
    case .focusNext, .focusPrevious:
      focus = focus == .items ? .basket : .items
      selectBasketLine(basketSelection)
    case .quit:
      effects.append(.quit)
    case .repaint:
      effects.append(.repaint)
    case .zoom(let step):
      let spans = Timeline.spans
      let index = max(0, min(spans.count - 1, (spans.firstIndex(of: timelineSpan) ?? 1) + step))
      timelineSpan = spans[index]
      let limit = index == 0 ? " (the closest)" : index == spans.count - 1 ? " (the widest)" : ""
      say("the timeline shows the last \(timelineSpan / 1000) s\(limit)", kind: .info)
    case .togglePause:
      isPaused.toggle()
      effects.append(.setPace(isPaused ? 0 : pace))
      say(
        isPaused ? "time stands still: Space lets it run again" : "time runs again at \(Self.paceName(pace))",
        kind: .info)
    case .changePace(let step):
      let paces = PacedScheduler.paces
      let index = max(0, min(paces.count - 1, (paces.firstIndex(of: pace) ?? paces.count - 1) + step))
      pace = paces[index]
      if !isPaused { effects.append(.setPace(pace)) }
      let limit = index == 0 ? " (the slowest)" : index == paces.count - 1 ? " (real time)" : ""
      say(
        "time runs at \(Self.paceName(pace))\(limit)\(isPaused ? ", once Space lets it run" : "")",
        kind: .info)
    case .beginLanePrompt, .promptType, .promptPaste, .promptBackspace, .promptRecall, .submitLanePrompt,
      .cancelLanePrompt:
      editLanePrompt(action, effects: &effects)
    case .beginHelpSearch, .helpSearchType, .helpSearchPaste, .helpSearchBackspace, .finishHelpSearch,
      .cancelHelpSearch, .nextHelpMatch:
      searchHelp(action)
    case .cycleComparison:
      run(.lane(LabPipeline.preset(after: lanes)), effects: &effects)
    case .togglePresenter:
      isPresenting.toggle()
      say(isPresenting ? "presenter layout: p goes back" : "the full layout again", kind: .info)
    case .move(let delta):
      select(list.selection + delta * count)
    case .page(let direction):
      select(list.selection + direction * max(1, layout.list.height - 1))
    case .top:
      select(0)
    case .bottom:
      select(visibleCount - 1)
    case .focusBasket:
      focus = .basket
      selectBasketLine(basketSelection)
    case .scrollBasket(let lines):
      focus = .basket
      overlay = nil
      selectBasketLine(basketSelection + lines)
    case .clickBasket(let row):
      // The pane shows the lines from the top unless it has focus and scrolled; a click gives it focus.
      let first = BasketView.firstShownLine(self, paneHeight: layout.basket?.height ?? 0)
      focus = .basket
      if shop.basket.lines.indices.contains(first + row) { selectBasketLine(first + row) }
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
    case .scrollList(let lines):
      scrollList(by: lines)
    case .addSelected:
      addSelected(count: count, effects: &effects)
    case .removeSelected:
      if let item = selectedItem {
        run(.remove(id: item.id, quantity: count), effects: &effects)
      }
    case .removeLine:
      break
    case .command(let command):
      run(command, effects: &effects)
    case .switchMode:
      run(.mode(mode.next), effects: &effects)
    case .debounceUp:
      run(.debounce(debounce.increased), effects: &effects)
    case .debounceDown:
      run(.debounce(debounce.decreased), effects: &effects)
    case .beginFilter, .filterType, .filterPaste, .filterBackspace, .finishFilter, .clearFilter:
      editFilter(action, effects: &effects)
    case .cycleOrder:
      cycleOrder(effects: &effects)
    case .showNotice(let text):
      say(text, kind: .error)
    case .ignorePaste(let characters):
      say(
        "paste ignored (\(characters) character\(characters == 1 ? "" : "s")): pasted text goes only into the filter, opened with /",
        kind: .error)
    case .openHelp:
      overlay = .help(scroll: 0)
      helpSearch = nil
    case .openMessages:
      overlay = .messages(scroll: 0)
    case .openHistory:
      guard !shop.orders.isEmpty else { return say("no orders yet: c checks out the basket", kind: .info) }
      overlay = .history(selection: 0, showingLines: false)
    case .showOrderLines:
      if case .history(let selection, _) = overlay {
        overlay = .history(selection: selection, showingLines: true)
      }
    case .selectOrder(let index):
      if case .history(_, false) = overlay, shop.orders.indices.contains(index) {
        overlay = .history(selection: index, showingLines: false)
      }
    case .reorderSelectedOrder:
      guard case .history(let selection, _) = overlay else { return }
      overlay = nil
      run(.reorderOrder(shop.orders.count - 1 - selection), effects: &effects)
    case .openDetails:
      let lines = shop.basket.lines
      if focus == .basket, lines.indices.contains(basketSelection) {
        overlay = .details(itemID: lines[basketSelection].id)
      } else if let item = selectedItem {
        overlay = .details(itemID: item.id)
      }
    case .scrollOverlay(let lines):
      scrollOverlay(by: lines * count)
    case .scrollOverlayHalfPages(let halves):
      scrollOverlay(by: halves * max(1, overlayScrollRange().rows / 2))
    case .scrollOverlayToEnd(let toEnd):
      scrollOverlay(by: toEnd ? Int.max / 2 : -(Int.max / 2))
    case .closeOverlay:
      helpSearch = nil
      switch overlay {
      case .confirmCheckout:
        say("checkout cancelled: the basket is as it was", kind: .info)
        overlay = nil
      case .confirmUndoCheckout:
        say("undo cancelled: the order stays placed", kind: .info)
        overlay = nil
      case .history(let selection, true):
        overlay = .history(selection: selection, showingLines: false)
      default:
        overlay = nil
      }
    case .askToCheckOut:
      askToCheckOut(effects: &effects)
    case .undo:
      // Undoing a checkout deletes a placed order: it asks first.
      if let earlier = undoHistory.states.last, earlier.orders.count < shop.orders.count {
        overlay = .confirmUndoCheckout
        return
      }
      undo(effects: &effects)
    case .confirmUndoCheckout:
      overlay = nil
      undo(effects: &effects)
    case .redo:
      redo(effects: &effects)
    case .confirmCheckout:
      overlay = nil
      run(.checkout, effects: &effects)
    case .resize(let width, let height):
      self.width = max(0, width)
      self.height = max(0, height)
      select(list.selection)
    }
  }

  /// A save finished: a failure stays on screen until a save succeeds, and the next change tries again.
  /// A checkout that could not be saved is taken back (see ``refuseCheckout(restoring:because:effects:)``).
  private mutating func saveFinished(_ failure: StateFileError?, effects: inout [AppEffect]) {
    let checkout = checkoutAwaitingSave
    checkoutAwaitingSave = nil
    guard let failure else {
      if stickyNotice?.clearedBySave == true {
        stickyNotice = nil
        // A checkout says itself that it is on disk.
        if checkout == nil { say("saved again: the state file has the basket and orders", kind: .info) }
      }
      return
    }
    let text = "NOT SAVED: \(UntrustedText.escaped(failure.description)); the next change tries again"
    if let checkout, refuseCheckout(restoring: checkout, because: failure, effects: &effects) {
      // Said in full whatever was said before.
    } else if stickyNotice?.text != text {
      say(text, kind: .error)
    }
    stickyNotice = StickyNotice(text: text, clearedBySave: true)
  }

  /// Takes back a checkout whose save failed: the basket and orders as they were before it, the
  /// store written back to the basket's count, and "checked out" replaced by why it was not. Returns
  /// false if the store refused the write back (the checkout then stands, not saved).
  private mutating func refuseCheckout(
    restoring before: ShopState, because failure: StateFileError, effects: inout [AppEffect]
  ) -> Bool {
    var restored = shop
    guard let write = try? Undo(mode: mode).restore(before, from: &restored) else { return false }
    shop = restored
    effects.append(.write(write))
    _ = undoHistory.takeLast()
    if messages.entries.last?.text.hasPrefix("checked out") == true { messages.removeNewest() }
    let text =
      "not checked out: \(UntrustedText.escaped(failure.description)); the basket is kept and no order was placed"
    say(text, kind: .error)
    record(.note(text), effects: &effects)
    record(.basket(shop.basket.badgeQuantity), effects: &effects)
    return true
  }

  /// A script line played on screen: the item it names selected (the filter cleared if it hides it),
  /// the command carried out, and the status saying which keys it stands for.
  private mutating func play(
    line: Int, _ command: ShopCommand, effects: inout [AppEffect]
  ) {
    overlay = nil
    switch command {
    case .add(let id, _), .remove(let id, _):
      focus = .items
      if let index = catalog.position(ofItemWithID: id) {
        selectItem(atCatalogIndex: index, effects: &effects)
      }
    default:
      break
    }
    let said = messages.appendedCount
    run(command, effects: &effects)
    let played = "▶ line \(line), keys \(command.keys): \(command.scriptText)"
    if messages.appendedCount == said {
      say(played, kind: .info)
    } else {
      // What the command said, said once, with the line it came from.
      let result = status
      messages.removeNewest()
      say("\(played) · \(result.text)", kind: result.kind)
    }
  }

  /// Opens the checkout confirmation, or says at once why the basket cannot be checked out (empty, only
  /// paper bags, items no longer sold): the domain decides, on a copy, before anything is asked.
  private mutating func askToCheckOut(effects: inout [AppEffect]) {
    var trial = shop
    do {
      _ = try trial.checkout(at: Date(timeIntervalSince1970: 0), from: catalog)
    } catch {
      say(error.description, kind: .error)
      record(.note(error.description), effects: &effects)
      return
    }
    overlay = .confirmCheckout
  }

  /// Scrolls the open overlay by `lines`, never above its top.
  /// Takes the shop back to the state before the last change.
  private mutating func undo(effects: inout [AppEffect]) {
    guard let earlier = undoHistory.takeLast() else {
      say("nothing to undo", kind: .info)
      return
    }
    let before = shop
    run(.undo(to: earlier), effects: &effects)
    if shop != before { undoHistory.recordUndone(before) }
  }

  /// Takes the shop forward again to the state the last undo left. An undone checkout is not placed
  /// again: only a checkout, which asks first, places an order.
  private mutating func redo(effects: inout [AppEffect]) {
    guard let later = undoHistory.takeRedo() else {
      say("nothing to redo", kind: .info)
      return
    }
    guard later.orders.count <= shop.orders.count else {
      undoHistory.recordUndone(later)
      say("cannot redo a checkout: press c to check out again", kind: .error)
      return
    }
    let before = shop
    run(.redo(to: later), effects: &effects)
    guard shop != before else {
      // Refused (the reason is said): it stays to redo.
      undoHistory.recordUndone(later)
      return
    }
    // A redo records no step of its own; the state it left goes back on the undo list.
    undoHistory.putBack(before)
    let left = undoHistory.redoStates.count
    messages.removeNewest()
    say(
      "redone: the basket is as it was before the undo (\(left) more step\(left == 1 ? "" : "s") to redo)",
      kind: .info)
  }

  /// How far the help or the message log can scroll (its lines less the rows its box shows), and how
  /// many rows the box shows.
  private func overlayScrollRange() -> (limit: Int, rows: Int) {
    let textWidth = OverlayBox.frame(width: width, height: height, rows: 1).textWidth
    let count: Int
    switch overlay {
    case .help: count = HelpOverlay.lines(self, width: textWidth).count
    case .messages: count = MessageLogView.lines(self, width: textWidth).lines.count
    default: return (0, 0)
    }
    let rows = OverlayBox.frame(width: width, height: height, rows: count).rect.height - 2
    return (max(0, count - rows), rows)
  }

  private mutating func scrollOverlay(by lines: Int) {
    // Kept within the text, so that a key back up acts at once after G or a long scroll down.
    let limit = overlayScrollRange().limit
    switch overlay {
    case .help(let scroll): overlay = .help(scroll: max(0, min(limit, scroll + lines)))
    case .messages(let scroll): overlay = .messages(scroll: max(0, min(limit, scroll + lines)))
    case .history(let selection, false):
      overlay = .history(
        selection: max(0, min(selection + lines, shop.orders.count - 1)), showingLines: false)
    case .history(_, true), .details, .confirmCheckout, .confirmUndoCheckout, nil: break
    }
  }

  private mutating func addSelected(count: Int, effects: inout [AppEffect]) {
    guard let item = selectedItem else {
      say("nothing to add: the list is empty", kind: .error)
      return
    }
    run(.add(id: item.id, quantity: count), effects: &effects)
  }

  /// What a key does while the basket has focus, when it differs from the item list's; false when the
  /// action is the same in both panes.
  private mutating func applyInBasket(
    _ action: AppAction, count: Int, effects: inout [AppEffect]
  ) -> Bool {
    let lines = shop.basket.lines
    let line = lines.indices.contains(basketSelection) ? lines[basketSelection] : nil
    switch action {
    case .move(let delta): selectBasketLine(basketSelection + delta * count)
    case .page(let direction):
      // A page is the lines the pane shows above its "more lines" row, less one kept in view, as in
      // the item list.
      let shown = BasketView.lineRows(paneHeight: layout.basket?.height ?? 0) - 1
      selectBasketLine(basketSelection + direction * max(1, shown - 1))
    case .top: selectBasketLine(0)
    case .bottom: selectBasketLine(lines.count - 1)
    case .addSelected:
      guard let line else { return nothingSelected() }
      run(.add(id: line.id, quantity: count), effects: &effects)
    case .removeSelected:
      guard let line else { return nothingSelected() }
      run(.remove(id: line.id, quantity: min(count, line.quantity)), effects: &effects)
    case .removeLine:
      guard let line else { return nothingSelected() }
      run(.remove(id: line.id, quantity: line.quantity), effects: &effects)
    default:
      return false
    }
    selectBasketLine(basketSelection)
    return true
  }

  private mutating func nothingSelected() -> Bool {
    say("the basket is empty: Tab goes back to the item list", kind: .error)
    return true
  }

  /// Selects basket line `index`, clamped to the lines there are.
  mutating func selectBasketLine(_ index: Int) {
    basketSelection = max(0, min(index, shop.basket.lines.count - 1))
  }

  /// Carries out `command`: the shop's through the use cases, whose write is returned as
  /// ``AppEffect/write(_:)``; the app's own (mode, debounce, lanes) here, the reactive side's part of
  /// them returned as effects too.
  mutating func run(_ command: ShopCommand, effects: inout [AppEffect]) {
    switch command {
    case .mode(let newMode):
      mode = newMode
      let replay = pending != nil || basketQuantity != badge.value
      record(.action(.mode(newMode)), effects: &effects)
      effects.append(.useStore(newMode, replay: replay))
      say(
        "\(newMode.rawValue) store: \(newMode.summary)\(newMode == .simple ? Self.reorderBugHint : "")",
        kind: .info)
    case .debounce(let interval):
      guard interval != debounce else {
        // `+` at 5 s or `-` at off: say so rather than nothing.
        if interval == .maximum { say("the debounce is already \(interval), the maximum", kind: .info) }
        if interval.milliseconds == 0 { say("the debounce is already off, the minimum", kind: .info) }
        return
      }
      debounce = interval
      record(.action(.debounce(interval)), effects: &effects)
      effects.append(.setDebounce(interval, replay: pending != nil))
      let limit = interval == .maximum ? " (the maximum)" : interval.milliseconds == 0 ? " (the minimum)" : ""
      say("debounce \(interval)\(limit), from the next change", kind: .info)
    case .compare(let comparison):
      run(.lane(comparison?.pipeline(interval: debounce)), effects: &effects)
    case .lane(let pipeline):
      lanes = pipeline
      laneGeneration += 1
      timeline.forgetLanes()
      effects.append(.showLanes(pipeline, generation: laneGeneration))
      guard let pipeline else { return say("the lanes are gone (l or : brings them back)", kind: .info) }
      let count = pipeline.stages.count
      say(
        "\(count == 1 ? "a lane" : "\(count) lanes, one per stage"): the values sent, through \(pipeline)",
        kind: .info)
    case .add, .remove, .bag, .reorder, .reorderOrder, .checkout, .undo, .redo:
      do {
        let before = shop
        let (said, write) = try transition(command)
        effects.append(.write(write))
        var message = said
        if case .undo = command {
          let left = undoHistory.states.count
          message =
            "undone: the basket and orders are as before that change (\(left) more step\(left == 1 ? "" : "s") to undo)"
        } else if case .redo = command {
          // redo() keeps the history: the step it took goes back on the undo list.
        } else if shop != before {
          undoHistory.record(before)
        }
        say(message, kind: .info)
        if command == .checkout {
          checkoutAwaitingSave = before
          record(.action(.checkout), effects: &effects)
        }
        if case .reorder = command { record(.action(.reorder), effects: &effects) }
        if case .reorderOrder = command { record(.action(.reorder), effects: &effects) }
        if case .undo = command { record(.action(.undo), effects: &effects) }
        if case .redo = command { record(.action(.redo), effects: &effects) }
        if shop.basket.badgeQuantity != before.basket.badgeQuantity {
          record(.basket(shop.basket.badgeQuantity), effects: &effects)
        }
        // A checkout is on disk before it is reported; other changes are saved in the background.
        if shop != before { effects.append(command == .checkout ? .saveDurably(shop) : .save(shop)) }
        selectBasketLine(basketSelection)
      } catch {
        // An undo the store refused stays on the history, to try again.
        if case .undo(let earlier) = command { undoHistory.putBack(earlier) }
        say(error.description, kind: .error)
        record(.note(error.description), effects: &effects)
      }
    }
  }

  /// The next stamp for a value recorded now.
  private mutating func stamp(_ value: Int) -> Stamped {
    recorded += 1
    return Stamped(value: value, milliseconds: now, sequence: recorded)
  }

  /// Puts `event` on the timeline and announces it.
  private mutating func record(_ event: TimelineEvent, effects: inout [AppEffect]) {
    timeline.record(event, at: now)
    effects.append(.announce(TimedEvent(milliseconds: now, event: event)))
  }

  /// Asks for clock ticks while the timeline is on screen and moving, and stops them once nothing moves.
  private mutating func keepTicking(effects: inout [AppEffect]) {
    let moving = layout.fits && TimelineView.isMoving(self)
    guard moving != isTicking else { return }
    isTicking = moving
    effects.append(moving ? .startTicking : .stopTicking)
  }
}
