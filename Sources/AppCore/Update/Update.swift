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
      badgeIsCaughtUp = false
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
    switch action {
    case .countDigit:
      // Taken above.
      break
    case .quit:
      effects.append(.quit)
    case .repaint:
      effects.append(.repaint)
    case .showNotice(let text):
      say(text, kind: .error)
    case .ignorePaste(let characters):
      say(
        "paste ignored (\(characters) character\(characters == 1 ? "" : "s")): pasted text goes only into the filter, opened with /",
        kind: .error)
    case .resize(let width, let height):
      self.width = max(0, width)
      self.height = max(0, height)
      select(list.selection)
    case .list(let action):
      // With the basket focused, its keys act on its lines where they differ from the list's.
      if focus == .basket, applyInBasket(action, count: count, effects: &effects) { return }
      applyToList(action, count: count, effects: &effects)
    case .filter(let action): editFilter(action, effects: &effects)
    case .basket(let action): applyToBasket(action, effects: &effects)
    case .overlay(let action): applyToOverlay(action, count: count, effects: &effects)
    case .helpSearch(let action): searchHelp(action)
    case .lanePrompt(let action): editLanePrompt(action, effects: &effects)
    case .time(let action): controlTime(action, effects: &effects)
    case .shop(let action): applyShopAction(action, effects: &effects)
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

  /// The next stamp for a value recorded now.
  mutating func stamp(_ value: Int) -> Stamped {
    recorded += 1
    return Stamped(value: value, milliseconds: now, sequence: recorded)
  }

  /// Puts `event` on the timeline and announces it.
  mutating func record(_ event: TimelineEvent, effects: inout [AppEffect]) {
    timeline.record(event, at: now)
    effects.append(.announce(TimedEvent(milliseconds: now, event: event)))
  }

  /// Asks for clock ticks while the timeline is on screen and moving, and stops them once nothing moves.
  mutating func keepTicking(effects: inout [AppEffect]) {
    let moving = layout.fits && timelineIsMoving
    guard moving != isTicking else { return }
    isTicking = moving
    effects.append(moving ? .startTicking : .stopTicking)
  }
}
