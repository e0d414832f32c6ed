import Foundation
import Shop

extension AppState {
  /// The shop's commands from keys: a command, the store and debounce keys, the lanes' presets, checkout and its confirmation, undo (asking first for a checkout) and redo.
  mutating func applyShopAction(_ action: AppAction.ShopCommands, effects: inout [AppEffect]) {
    switch action {
    case .command(let command):
      run(command, effects: &effects)
    case .switchMode:
      run(.mode(mode.next), effects: &effects)
    case .debounceUp:
      run(.debounce(debounce.increased), effects: &effects)
    case .debounceDown:
      run(.debounce(debounce.decreased), effects: &effects)
    case .cycleComparison:
      run(.lane(LabPipeline.preset(after: lanes)), effects: &effects)
    case .askToCheckOut:
      askToCheckOut(effects: &effects)
    case .confirmCheckout:
      overlay = nil
      run(.checkout, effects: &effects)
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
      change(command, effects: &effects)
    }
  }

  /// Carries out a change to the basket or the orders through the use cases: the store's write is
  /// returned as an effect, the step kept for undo, the action marked on the timeline, and the shop
  /// saved (a checkout durably, before it is reported). A refusal changes nothing and says why.
  private mutating func change(_ command: ShopCommand, effects: inout [AppEffect]) {
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
