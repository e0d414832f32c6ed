import Shop
import Testing

@testable import AppCore

/// Issue 25's undo in the simple store and Backspace on an empty filter.
@Suite struct UndoAndFilterTests {
  @Test func undoingTheReorderInTheSimpleStoreBringsTheBadgeBackWithTheBasket() {
    // The README's walkthrough: two items, checkout, two more, reorder (the bug), then undo.
    let app = TestStore(exhaustive: false, mode: .simple)
    app.press(.character("a"), .character("a"), .character("c"), .character("y"))
    app.press(.character("a"), .character("a"), .character("r"))
    app.advance(milliseconds: 1000)
    #expect(app.state.badge.value == 2 && app.state.basketQuantity == 4, "the reorder bug")
    app.press(.character("u"))
    app.advance(milliseconds: 1000)
    #expect(app.state.basketQuantity == 2)
    #expect(app.state.badge.value == 2, "the badge is the basket's again, not 0")
    #expect(app.header.contains("Basket: 2") && !app.header.contains("short"), "\(app.header)")
  }

  @Test func backspaceOnAnEmptyFilterKeepsItOpenSoLettersNeverRunCommands() {
    let app = TestStore(exhaustive: false)
    app.press(.character("/"), .backspace)
    #expect(app.state.list.isEditingFilter, "still open")
    #expect(app.state.status.text == "the filter is empty: type to filter, Esc closes it")
    app.press(.character("b"))
    #expect(app.state.shop.basket.isEmpty, "b went into the filter, not the basket")
    #expect(app.state.list.filter == "b")
    app.press(.backspace, .escape)
    #expect(!app.state.list.isEditingFilter, "Esc closes it")
  }
}

/// Undoing a checkout deletes a placed order: it asks first.
@Suite struct UndoCheckoutTests {
  @Test func undoingACheckoutAsksAndNKeepsTheOrder() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("a"), .character("c"), .character("y"))
    #expect(app.state.shop.orders.count == 1)
    app.press(.character("u"))
    #expect(app.state.overlay == .confirmUndoCheckout)
    let words = app.screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(app.screen.contains("undo the checkout?"))
    #expect(words.contains("deletes order #1 (2 items, 1.00 EUR)"), "\(words)")
    #expect(app.state.shop.orders.count == 1, "nothing undone yet")
    app.press(.character("n"))
    #expect(app.state.overlay == nil)
    #expect(app.state.shop.orders.count == 1 && app.state.shop.basket.isEmpty)
    #expect(app.state.status.text == "undo cancelled: the order stays placed")
  }

  @Test func yUndoesTheCheckoutAndOtherUndosDoNotAsk() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("a"), .character("c"), .character("y"))
    app.press(.character("u"), .character("y"))
    #expect(app.state.overlay == nil)
    #expect(app.state.shop.orders.isEmpty && app.state.shop.basket.badgeQuantity == 2)
    app.press(.character("u"))
    #expect(app.state.overlay == nil, "undoing an add does not ask")
    #expect(app.state.shop.basket.badgeQuantity == 1)
  }
}

/// Issue 25 item 9: Ctrl-R redoes what `u` undid, until a new change.
@Suite struct RedoTests {
  @Test func ctrlRRedoesEachUndoneStepInTurn() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("j"), .character("a"), .character("a"))
    app.press(.character("u"), .character("u"))
    #expect(app.state.shop.basket.badgeQuantity == 1)
    app.press(.control("r"))
    #expect(app.state.shop.basket.badgeQuantity == 2)
    #expect(app.state.status.text == "redone: the basket is as it was before the undo (1 more step to redo)")
    app.press(.control("r"))
    #expect(app.state.shop.basket.badgeQuantity == 3)
    #expect(app.state.lastSent?.value == 3, "the store was written, as for any change")
    app.press(.control("r"))
    #expect(app.state.status.text == "nothing to redo")
    app.press(.character("u"))
    #expect(app.state.shop.basket.badgeQuantity == 2, "a redone step can be undone again")
  }

  @Test func aRedoIsMarkedOnTheTimelineAsARedoNotAnUndo() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("a"), .character("u"))
    app.press(.control("r"))
    let actions = app.state.timeline.events.compactMap { timed -> TimelineAction? in
      guard case .action(let action) = timed.event else { return nil }
      return action
    }
    #expect(actions == [.undo, .redo])
    #expect(TimelineAction.redo.mark.letter == "Y" && TimelineAction.redo.mark.name == "redo")
  }

  @Test func aNewChangeForgetsWhatCouldBeRedone() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("a"), .character("u"), .character("b"))
    app.press(.control("r"))
    #expect(app.state.status.text == "nothing to redo")
    #expect(app.state.shop.basket.badgeQuantity == 1)
  }

  @Test func anUndoneCheckoutIsNotPlacedAgainByRedo() {
    let app = TestStore(exhaustive: false)
    app.press(.character("a"), .character("c"), .character("y"), .character("u"), .character("y"))
    #expect(app.state.shop.orders.isEmpty)
    app.press(.control("r"))
    #expect(app.state.shop.orders.isEmpty, "an order is placed only by a checkout, which asks")
    #expect(app.state.status.text == "cannot redo a checkout: press c to check out again")
    #expect(app.state.status.kind == .error)
  }
}

/// Issue 25 item 12: a reorder the basket cannot take says that it is the reorder that was refused.
@Suite struct ReorderRefusalTests {
  @Test func aReorderPastALinesLimitNamesTheReorder() {
    let app = TestStore(exhaustive: false)
    app.type("999a")
    app.press(.character("c"), .character("y"), .character("a"), .character("r"))
    #expect(
      app.state.status.text
        == "cannot reorder: it would add 999 × Apple: the basket holds 1 and a line holds at most 999")
    #expect(app.state.shop.basket.badgeQuantity == 1, "nothing was added")
  }
}
