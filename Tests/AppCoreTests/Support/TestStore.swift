import Dispatch
import Foundation
import Reactive
import Shop
import Testing

@testable import AppCore

/// Drives the app core as TCA's `TestStore` does: every event goes through
/// ``AppState/update(_:at:date:)`` on a virtual clock, and every state change, every effect (the
/// store's writes among them) and every event the pipeline hands back must be asserted, in order. The
/// effects meant for the pipeline are then handed to it, as the runtime does.
///
/// `send` takes the event and a closure that makes the expected change to the state before it; the
/// state after `update` must equal it, and the effects must equal `effects`. What the pipeline publishes
/// meanwhile (a value the store sent, a value that reached the badge) must then be taken with
/// `receive`, in order, before the next `send`; `finish` checks that nothing is left. With
/// `exhaustive: false` nothing is asserted and the pipeline's events are applied as they come, for runs
/// (such as the soak) that check invariants instead.
final class TestStore {
  /// The virtual clock.
  let scheduler = DispatchQueue.test
  /// The state after the last event.
  private(set) var state: AppState
  /// The pipeline, as the runtime would hold it.
  private(set) var pipeline: QuantityPipeline!
  /// Every effect `update` returned since the last ``takeEffects()`` (asserted step by step as well
  /// when the run is exhaustive).
  private(set) var effects: [AppEffect] = []

  private let exhaustive: Bool
  private let date: Date
  private let start: DispatchQueue.SchedulerTimeType
  private var received: [AppEvent] = []

  /// A store for `state` whose orders are dated `date`.
  init(
    _ state: AppState, exhaustive: Bool = true, date: Date = Date(timeIntervalSince1970: 1_800_000_000)
  ) {
    self.state = state
    // Every event happens on `date`, so that it is already the state's before the first.
    self.state.date = date
    self.exhaustive = exhaustive
    self.date = date
    start = scheduler.now
    let relay = Relay()
    pipeline = QuantityPipeline(
      catalog: state.catalog, mode: state.mode, basket: state.shop.basket, debounce: state.debounce,
      scheduler: scheduler.eraseToAnyScheduler(),
      eventsWaiting: { relay.store?.takePipelineEvents() })
    relay.store = self
  }

  /// A store on a fresh app: the built-in catalog (or another), an empty basket (or `shop`), an 80x24
  /// window (or another).
  convenience init(
    exhaustive: Bool = true, catalog: Catalog = .builtIn, shop: ShopState = ShopState(),
    mode: QuantityStoreMode = .controlled, debounce: DebounceInterval = .standard, width: Int = 80,
    height: Int = 24
  ) {
    self.init(
      AppState(catalog: catalog, shop: shop, mode: mode, debounce: debounce, width: width, height: height),
      exhaustive: exhaustive)
  }

  /// An exhaustive store that goes away holding events the test never received fails, as TCA's does,
  /// so that a test cannot pass by forgetting ``finish(sourceLocation:)``.
  deinit {
    guard exhaustive else { return }
    let left = received + (pipeline?.takeEvents() ?? [])
    if !left.isEmpty { Issue.record("the test store went away with events not received: \(left)") }
  }

  /// Milliseconds on the virtual clock.
  var now: Int { Int(start.distance(to: scheduler.now).magnitude / 1_000_000) }

  /// Sends `event`; `expected` changes the state before it into the state expected after it.
  func send(
    _ event: AppEvent, effects expectedEffects: [AppEffect] = [],
    _ expected: (inout AppState) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    takePipelineEvents()
    if exhaustive, !received.isEmpty {
      Issue.record(
        "the pipeline handed over \(received) before \(event); receive them first",
        sourceLocation: sourceLocation)
      received.removeAll()
    }
    apply(event, expectedEffects, expected, sourceLocation)
  }

  /// Takes the next event the pipeline handed over, which must be `event`, and applies it.
  func receive(
    _ event: AppEvent, effects expectedEffects: [AppEffect] = [],
    _ expected: (inout AppState) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    takePipelineEvents()
    guard !received.isEmpty else {
      Issue.record(
        "expected \(event) from the pipeline, but it handed over nothing", sourceLocation: sourceLocation)
      return
    }
    let next = received.removeFirst()
    #expect(next == event, "the pipeline handed over another event first", sourceLocation: sourceLocation)
    apply(next, expectedEffects, expected, sourceLocation)
  }

  /// Lets virtual time pass; what the pipeline hands over meanwhile waits for `receive`. When not
  /// exhaustive, it is applied at once, and a clock tick follows while the app asks for ticks, as the
  /// runtime's ticks would, so that the state's `now` is the clock's.
  func advance(milliseconds: Int = 0) {
    scheduler.advance(by: .milliseconds(milliseconds))
    if !exhaustive, state.isTicking, state.now < now { send(.tick) }
  }

  /// The effects collected so far, forgetting them.
  func takeEffects() -> [AppEffect] {
    defer { effects.removeAll() }
    return effects
  }

  /// Checks that the pipeline has nothing left to hand over.
  func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    takePipelineEvents()
    #expect(received.isEmpty, "events not received: \(received)", sourceLocation: sourceLocation)
  }

  fileprivate func takePipelineEvents() {
    let events = pipeline.takeEvents()
    guard !exhaustive else {
      received += events
      return
    }
    for event in events { effects += update(event) }
  }

  private func apply(
    _ event: AppEvent, _ expectedEffects: [AppEffect], _ expected: (inout AppState) -> Void,
    _ sourceLocation: SourceLocation
  ) {
    var expectedState = state
    let actualEffects = update(event)
    effects += actualEffects
    guard exhaustive else { return }
    expected(&expectedState)
    if expectedState != state {
      Issue.record(
        Comment(rawValue: "state after \(event) differs:\n" + difference(expectedState, state)),
        sourceLocation: sourceLocation)
    }
    #expect(actualEffects == expectedEffects, "effects of \(event)", sourceLocation: sourceLocation)
  }

  /// Runs `event` through `update` and hands the pipeline its effects, as the runtime does.
  private func update(_ event: AppEvent) -> [AppEffect] {
    let effects = state.update(event, at: now, date: date)
    for effect in effects { pipeline.perform(effect, in: state) }
    return effects
  }

  /// The fields of two states that differ, one a line.
  private func difference(_ expected: AppState, _ actual: AppState) -> String {
    let left = Mirror(reflecting: expected).children
    let right = Mirror(reflecting: actual).children
    return zip(left, right).compactMap { pair -> String? in
      let (expectedField, actualField) = pair
      let expectedText = String(describing: expectedField.value)
      let actualText = String(describing: actualField.value)
      guard expectedText != actualText else { return nil }
      return
        "  \(expectedField.label ?? "?"): expected \(expectedText)\n  \(String(repeating: " ", count: (expectedField.label ?? "?").count))  actual   \(actualText)"
    }.joined(separator: "\n")
  }

  private final class Relay {
    weak var store: TestStore?
  }
}

// MARK: - Driving without asserting every step

extension TestStore {
  /// The store the pipeline writes to now.
  var store: any QuantityStore { pipeline.store }

  /// Feeds key characters and named keys, as the terminal would deliver them, each followed by what
  /// the main queue would run at once.
  func press(_ keys: Key...) {
    for key in keys { send(.key(key)) }
  }

  /// Types each character of `text` as a key.
  func type(_ text: String) {
    for character in text { send(.key(.character(character))) }
  }

  /// Delivers `input` as the terminal does, then runs what is due now.
  func send(_ input: InputEvent) {
    send(.input(input))
    advance()
  }

  /// Sends a command, as a script line does, then runs what is due now.
  func perform(_ command: ShopCommand) {
    send(.command(command))
    advance()
  }

  /// The screen as text.
  var screen: String { Screen.render(state).renderedText }

  /// The header row.
  var header: String { String(screen.split(separator: "\n", omittingEmptySubsequences: false)[0]) }

  /// What a script run would print for the events so far, through script mode's own formatter.
  var scriptLines: [String] {
    effects.compactMap { effect in
      guard case .announce(let entry) = effect else { return nil }
      return ScriptOutput.line(for: entry)
    }
  }
}
