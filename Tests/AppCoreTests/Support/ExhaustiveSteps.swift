import Foundation
import Shop
import Testing

@testable import AppCore

// Steps for exhaustive tests: each computes what it expects from what the test names (the item, the
// basket it leaves, the count, the time), never by running `update`.

extension Basket {
  /// A basket holding these units of these items, in this order.
  static func holding(_ lines: (ShoppingItem, Int)...) -> Basket {
    Basket(lines: lines.map { $0.0.withQuantity($0.1) })
  }
}

extension [AppEffect] {
  /// The effects of a shop change that went through at `milliseconds`: the store's `write`, the
  /// action marked on the timeline (a reorder, a checkout, an undo), the badge count when it changed,
  /// the save of `shop` (durable for a checkout), and the start of the ticks when the timeline starts
  /// moving.
  static func change(
    _ write: QuantityWrite, at milliseconds: Int, marking action: TimelineAction? = nil, count: Int?,
    saving shop: ShopState, durably: Bool = false, startsTicking: Bool = false
  ) -> [AppEffect] {
    var effects: [AppEffect] = [.write(write)]
    if let action {
      effects.append(.announce(TimedEvent(milliseconds: milliseconds, event: .action(action))))
    }
    if let count { effects.append(.announce(TimedEvent(milliseconds: milliseconds, event: .basket(count)))) }
    effects.append(durably ? .saveDurably(shop) : .save(shop))
    if startsTicking { effects.append(.startTicking) }
    return effects
  }

  /// The effect of a refusal at `milliseconds`: its reason as a note.
  static func refusal(_ reason: String, at milliseconds: Int) -> [AppEffect] {
    [.announce(TimedEvent(milliseconds: milliseconds, event: .note(reason)))]
  }
}

extension AppState {
  /// What a shop change that went through leaves: the shop `after` (the one before kept for undo),
  /// `said` on the status line and in the log, the action marked on the timeline, and the badge count
  /// `count` on it when that changed.
  mutating func expectChange(
    to after: ShopState, saying said: String, marking action: TimelineAction? = nil, count: Int?
  ) {
    undoHistory.record(shop)
    shop = after
    say(said, kind: .info)
    if let action { timeline.record(.action(action), at: now) }
    if let count { timeline.record(.basket(count), at: now) }
  }

  /// What a refusal leaves: `reason` on the status line, in the log and as a note on the timeline.
  mutating func expectRefusal(_ reason: String) {
    say(reason, kind: .error)
    timeline.record(.note(reason), at: now)
  }
}

extension TestStore {
  /// Presses `key` as the terminal delivers it, asserting its `effects` and its change of the state
  /// (`expected`), then runs what is due now; what the pipeline hands over waits for `receive`. The
  /// state's `now` becomes the clock's, as it does with every event, before `expected` applies.
  func press(
    _ key: Key, effects: [AppEffect], _ expected: (inout AppState) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    send(.input(.key(key)), effects: effects, at: sourceLocation, expected)
  }

  /// Delivers `input` (a click, a resize) as `press` delivers a key.
  func send(
    _ input: InputEvent, effects: [AppEffect], _ expected: (inout AppState) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    send(.input(input), effects: effects, at: sourceLocation, expected)
  }

  /// Takes the store's publication of `value` from the pipeline: stamped now, on the sent lane.
  func receiveSent(_ value: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let now = self.now
    receive(
      .storePublished(value), effects: [.announce(TimedEvent(milliseconds: now, event: .sent(value)))],
      {
        $0.now = max($0.now, now)
        $0.recorded += 1
        $0.lastSent = Stamped(value: value, milliseconds: now, sequence: $0.recorded)
        $0.badgeIsCaughtUp = false
        $0.timeline.record(.sent(value), at: now)
      }, sourceLocation: sourceLocation)
  }

  /// Takes `value` reaching the badge from the pipeline: stamped now, on the badge lane, followed by
  /// `note` when the badge and the basket disagree.
  func receiveBadge(
    _ value: Int, caughtUp: Bool = true, note: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let now = self.now
    var effects: [AppEffect] = [.announce(TimedEvent(milliseconds: now, event: .badge(value)))]
    if let note { effects.append(.announce(TimedEvent(milliseconds: now, event: .note(note)))) }
    receive(
      .badgeReached(value, caughtUp: caughtUp), effects: effects,
      {
        $0.now = max($0.now, now)
        $0.recorded += 1
        $0.badge = Stamped(value: value, milliseconds: now, sequence: $0.recorded)
        $0.badgeIsCaughtUp = caughtUp
        $0.timeline.record(.badge(value), at: now)
        if let note { $0.timeline.record(.note(note), at: now) }
      }, sourceLocation: sourceLocation)
  }

  private func send(
    _ event: AppEvent, effects: [AppEffect], at sourceLocation: SourceLocation,
    _ expected: (inout AppState) -> Void
  ) {
    let now = self.now
    send(
      event, effects: effects,
      {
        $0.now = max($0.now, now)
        expected(&$0)
      }, sourceLocation: sourceLocation)
    advance()
  }
}

extension TestStore {
  /// Sends the clock tick the runtime sends while the app asks for ticks: the state's `now` becomes
  /// the clock's, and nothing else changes (the timeline still moves).
  func tick(sourceLocation: SourceLocation = #_sourceLocation) {
    let now = self.now
    send(.tick, effects: [], { $0.now = now }, sourceLocation: sourceLocation)
  }
}
