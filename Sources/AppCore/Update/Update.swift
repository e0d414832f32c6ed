import Shop

extension AppState {
  /// The one place the app changes: applies `event`, which happens `now` milliseconds after the start,
  /// and returns what the shell must do. Shop commands go through `engine` (the domain's use cases on
  /// the current store); everything else is a change of this value. Nothing here reads a clock, draws,
  /// or touches a file.
  public mutating func update(_ event: AppEvent, at now: Int, engine: ShopEngine) -> [AppEffect] {
    self.now = max(self.now, now)
    var effects: [AppEffect] = []
    switch event {
    case .input(let input):
      if let action = KeyBindings.action(for: input, in: self) {
        apply(action, engine: engine, effects: &effects)
      }
    case .command(let command):
      run(command, engine: engine, effects: &effects)
    case .tick:
      break
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
    keepTicking(effects: &effects)
    return effects
  }

  /// Applies what a key, a click or a paste asks for.
  mutating func apply(_ action: AppAction, engine: ShopEngine, effects: inout [AppEffect]) {
    switch action {
    case .quit:
      effects.append(.quit)
    case .repaint:
      effects.append(.repaint)
    case .move(let delta):
      select(list.selection + delta)
    case .page(let direction):
      select(list.selection + direction * max(1, layout.list.height - 1))
    case .top:
      select(0)
    case .bottom:
      select(visibleCount - 1)
    case .select(let row):
      if list.catalogIndex(at: list.scroll + row, catalogCount: catalog.items.count) != nil {
        select(list.scroll + row)
      }
    case .addAt(let row):
      if list.catalogIndex(at: list.scroll + row, catalogCount: catalog.items.count) != nil {
        select(list.scroll + row)
        addSelected(engine: engine, effects: &effects)
      }
    case .scrollList(let lines):
      scrollList(by: lines)
    case .addSelected:
      addSelected(engine: engine, effects: &effects)
    case .removeSelected:
      if let item = selectedItem { run(.remove(id: item.id, quantity: 1), engine: engine, effects: &effects) }
    case .command(let command):
      run(command, engine: engine, effects: &effects)
    case .switchMode:
      run(.mode(mode == .controlled ? .simple : .controlled), engine: engine, effects: &effects)
    case .debounceUp:
      run(.debounce(debounce.increased), engine: engine, effects: &effects)
    case .debounceDown:
      run(.debounce(debounce.decreased), engine: engine, effects: &effects)
    case .beginFilter, .filterType, .filterPaste, .filterBackspace, .finishFilter, .clearFilter:
      editFilter(action, effects: &effects)
    case .cycleOrder:
      cycleOrder(effects: &effects)
    case .ignorePaste(let characters):
      say(
        "paste ignored (\(characters) character\(characters == 1 ? "" : "s")): pasted text goes only into the filter, opened with /",
        kind: .error)
    case .openHelp:
      overlay = .help(scroll: 0)
    case .openMessages:
      overlay = .messages(scroll: 0)
    case .scrollOverlay(let lines):
      scrollOverlay(by: lines)
    case .closeOverlay:
      if overlay == .confirmCheckout { say("checkout cancelled: the basket is as it was", kind: .info) }
      overlay = nil
    case .askToCheckOut:
      askToCheckOut(engine: engine, effects: &effects)
    case .confirmCheckout:
      overlay = nil
      run(.checkout, engine: engine, effects: &effects)
    case .resize(let width, let height):
      self.width = max(0, width)
      self.height = max(0, height)
      select(list.selection)
    }
  }

  /// Opens the checkout confirmation, or says why there is nothing to check out.
  private mutating func askToCheckOut(engine: ShopEngine, effects: inout [AppEffect]) {
    guard !shop.basket.isEmpty else {
      // The domain's own refusal, worded by it.
      run(.checkout, engine: engine, effects: &effects)
      return
    }
    overlay = .confirmCheckout
  }

  /// Scrolls the open overlay by `lines`, never above its top.
  private mutating func scrollOverlay(by lines: Int) {
    switch overlay {
    case .help(let scroll): overlay = .help(scroll: max(0, scroll + lines))
    case .messages(let scroll): overlay = .messages(scroll: max(0, scroll + lines))
    case .confirmCheckout, nil: break
    }
  }

  private mutating func addSelected(engine: ShopEngine, effects: inout [AppEffect]) {
    guard let item = selectedItem else {
      say("nothing to add: the list is empty", kind: .error)
      return
    }
    run(.add(id: item.id, quantity: 1), engine: engine, effects: &effects)
  }

  /// Carries out `command`: the shop's through the engine, the app's own (mode, debounce) here.
  mutating func run(_ command: ShopCommand, engine: ShopEngine, effects: inout [AppEffect]) {
    switch command {
    case .mode(let newMode):
      mode = newMode
      let quantity = basketQuantity
      let replay = pending != nil || quantity != badge.value
      engine.useStore(newMode, quantity: quantity, replay: replay, debounce: debounce)
      let meaning =
        newMode == .controlled ? "one owner, one write path" : "a shared subject anyone may send to"
      say("\(newMode.rawValue) store: \(meaning)", kind: .info)
    case .debounce(let interval):
      debounce = interval
      engine.setDebounce(interval, replay: pending != nil)
      say("debounce \(interval), from the next change", kind: .info)
    case .add, .remove, .bag, .reorder, .checkout:
      do {
        let before = shop
        say(try engine.perform(command, on: &shop), kind: .info)
        if shop != before { effects.append(.save(shop)) }
      } catch {
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
    let moving = layout.timeline != nil && TimelineView.isMoving(self)
    guard moving != isTicking else { return }
    isTicking = moving
    effects.append(moving ? .startTicking : .stopTicking)
  }
}
