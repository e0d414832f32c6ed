import Foundation
import Shop
import Testing

@testable import AppCore

/// `AppState.update`, step by step, with every change of the state and every effect asserted.
@Suite struct UpdateTests {
  static let apple = Catalog.builtIn.items[0]
  static let banana = Catalog.builtIn.items[1]

  /// A basket holding these units of these items.
  static func basket(_ lines: (ShoppingItem, Int)...) -> Basket {
    Basket(lines: lines.map { $0.0.withQuantity($0.1) })
  }

  @Test func anAddChangesTheBasketSavesAndThenRecordsWhatTheStorePublishedAndTheBadge() {
    let store = TestStore()
    store.send(
      .input(.key(.character("a"))),
      effects: [
        .write(.add([Self.apple])), .announce(TimedEvent(milliseconds: 0, event: .basket(1))),
        .save(ShopState(basket: Self.basket((Self.apple, 1)))), .startTicking,
      ]
    ) {
      $0.shop.basket = Self.basket((Self.apple, 1))
      $0.undoHistory.record(ShopState())
      $0.say("added Apple", kind: .info)
      $0.timeline.record(.basket(1), at: 0)
      $0.isTicking = true
    }
    store.advance()
    store.receive(.storePublished(1), effects: [.announce(TimedEvent(milliseconds: 0, event: .sent(1)))]) {
      $0.lastSent = Stamped(value: 1, milliseconds: 0, sequence: 1)
      $0.badgeIsCaughtUp = false
      $0.recorded = 1
      $0.timeline.record(.sent(1), at: 0)
    }
    store.advance(milliseconds: 999)
    store.finish()
    store.advance(milliseconds: 1)
    store.receive(
      .badgeReached(1, caughtUp: true), effects: [.announce(TimedEvent(milliseconds: 1000, event: .badge(1)))]
    ) {
      $0.now = 1000
      $0.badge = Stamped(value: 1, milliseconds: 1000, sequence: 2)
      $0.badgeIsCaughtUp = true
      $0.recorded = 2
      $0.timeline.record(.badge(1), at: 1000)
    }
    store.advance(milliseconds: 10_000)
    store.send(.tick, effects: [.stopTicking]) {
      $0.now = 11_000
      $0.isTicking = false
    }
    store.finish()
  }

  @Test func aRefusalIsAStatusLineAndANoteAndSavesNothing() {
    let store = TestStore()
    let reason = "cannot remove Apple: it is not in the basket"
    store.send(
      .input(.key(.character("x"))), effects: [.announce(TimedEvent(milliseconds: 0, event: .note(reason)))]
    ) {
      $0.say(reason, kind: .error)
      $0.recorded = 0
      $0.timeline.record(.note(reason), at: 0)
    }
    store.advance(milliseconds: 5000)
    store.finish()
  }

  @Test func withNoDebounceTheFirstValueReachingTheBadgeIsNotCaughtUpWhileTheSecondIsOnItsWay() {
    let store = TestStore(debounce: DebounceInterval(milliseconds: 0))
    let two = ShopState(basket: Self.basket((Self.apple, 2)))
    store.send(
      .input(.key(.character("a"))),
      effects: [
        .write(.add([Self.apple])), .announce(TimedEvent(milliseconds: 0, event: .basket(1))),
        .save(ShopState(basket: Self.basket((Self.apple, 1)))), .startTicking,
      ]
    ) {
      $0.shop.basket = Self.basket((Self.apple, 1))
      $0.undoHistory.record(ShopState())
      $0.say("added Apple", kind: .info)
      $0.timeline.record(.basket(1), at: 0)
      $0.isTicking = true
    }
    store.receive(.storePublished(1), effects: [.announce(TimedEvent(milliseconds: 0, event: .sent(1)))]) {
      $0.lastSent = Stamped(value: 1, milliseconds: 0, sequence: 1)
      $0.badgeIsCaughtUp = false
      $0.recorded = 1
      $0.timeline.record(.sent(1), at: 0)
    }
    store.send(
      .input(.key(.character("a"))),
      effects: [
        .write(.add([Self.apple])), .announce(TimedEvent(milliseconds: 0, event: .basket(2))), .save(two),
      ]
    ) {
      $0.undoHistory.record($0.shop)
      $0.shop = two
      $0.say("added Apple", kind: .info)
      $0.timeline.record(.basket(2), at: 0)
    }
    store.advance()
    store.receive(.storePublished(2), effects: [.announce(TimedEvent(milliseconds: 0, event: .sent(2)))]) {
      $0.lastSent = Stamped(value: 2, milliseconds: 0, sequence: 2)
      $0.recorded = 2
      $0.timeline.record(.sent(2), at: 0)
    }
    store.receive(
      .badgeReached(1, caughtUp: false), effects: [.announce(TimedEvent(milliseconds: 0, event: .badge(1)))]
    ) {
      $0.badge = Stamped(value: 1, milliseconds: 0, sequence: 3)
      $0.recorded = 3
      $0.timeline.record(.badge(1), at: 0)
    }
    #expect(store.state.pending?.value == 2, "a badge that is not caught up is still pending: no note")
    store.receive(
      .badgeReached(2, caughtUp: true), effects: [.announce(TimedEvent(milliseconds: 0, event: .badge(2)))]
    ) {
      $0.badge = Stamped(value: 2, milliseconds: 0, sequence: 4)
      $0.badgeIsCaughtUp = true
      $0.recorded = 4
      $0.timeline.record(.badge(2), at: 0)
    }
    store.finish()
  }

  @Test func theSimpleStoresReorderSettlesOutOfStepWithANote() {
    let lastOrder = Order(items: [Self.apple.withQuantity(1)], placedAt: Date(timeIntervalSince1970: 0))
    let start = ShopState(basket: Self.basket((Self.banana, 1)), orders: [lastOrder])
    let store = TestStore(shop: start, mode: .simple, debounce: DebounceInterval(milliseconds: 500))
    let after = ShopState(basket: Self.basket((Self.banana, 1), (Self.apple, 1)), orders: [lastOrder])
    store.send(
      .input(.key(.character("r"))),
      effects: [
        .write(.reorder([Self.apple])), .announce(TimedEvent(milliseconds: 0, event: .action(.reorder))),
        .announce(TimedEvent(milliseconds: 0, event: .basket(2))), .save(after), .startTicking,
      ]
    ) {
      $0.undoHistory.record(start)
      $0.shop = after
      $0.say("reordered 1 item from the last order", kind: .info)
      $0.timeline.record(.action(.reorder), at: 0)
      $0.timeline.record(.basket(2), at: 0)
      $0.isTicking = true
    }
    store.receive(.storePublished(1), effects: [.announce(TimedEvent(milliseconds: 0, event: .sent(1)))]) {
      $0.lastSent = Stamped(value: 1, milliseconds: 0, sequence: 1)
      $0.badgeIsCaughtUp = false
      $0.recorded = 1
      $0.timeline.record(.sent(1), at: 0)
    }
    store.advance(milliseconds: 500)
    let note = "badge 1 but basket holds 2 (-1)"
    store.receive(
      .badgeReached(1, caughtUp: true),
      effects: [
        .announce(TimedEvent(milliseconds: 500, event: .badge(1))),
        .announce(TimedEvent(milliseconds: 500, event: .note(note))),
      ]
    ) {
      $0.now = 500
      $0.badge = Stamped(value: 1, milliseconds: 500, sequence: 2)
      $0.badgeIsCaughtUp = true
      $0.recorded = 2
      $0.timeline.record(.badge(1), at: 500)
      $0.timeline.record(.note(note), at: 500)
    }
    #expect(store.state.disagreement == -1)
    store.finish()
  }

  @Test func aModeSwitchWhileTheBadgeIsOffRecordsWhatTheNewStorePublishes() {
    // The simple store's badge says 1 while the basket holds 2; the controlled store starts at 2.
    let drifted = TestStore(exhaustive: false, mode: .simple, debounce: DebounceInterval(milliseconds: 0))
    drifted.press(.character("a"), .character("a"))
    (drifted.store as? SimpleQuantityStore)?.quantitySubject.send(0)  // as anyone may: badge 0
    drifted.advance()
    let before = drifted.state
    drifted.press(.character("m"))
    let sentLane = drifted.state.timeline.events.filter { if case .sent = $0.event { true } else { false } }
    #expect(sentLane.last?.event == .sent(2), "the controlled store's first value is on the sent lane")
    #expect(drifted.state.badge.value == 2)
    #expect(before.badge.value == 0)
  }

  @Test func quitIsAnEffectAndTheShellEndsTheApp() {
    let store = TestStore()
    store.send(.input(.key(.character("q"))), effects: [.quit])
    store.send(.input(.key(.interrupt)), effects: [.quit])
  }

  @Test func aResizeMovesTheSelectionBackIntoView() {
    let store = TestStore(height: 40)
    store.send(.input(.key(.end))) {
      $0.list.selection = 15
    }
    store.send(.input(.resize(width: 80, height: 12))) {
      $0.height = 12
      $0.list.scroll = 15 - ($0.layout.list.height - 1)
    }
  }
}
