import Shop
import Testing

@testable import AppCore

/// The keys that control time: Space pauses, `<` and `>` step through the paces, as effects the
/// runtime hands to the terminal's paced clock.
@Suite struct PaceKeyTests {
  @Test func spacePausesAndTheSpeedKeysStepThroughThePaces() {
    let store = TestStore(exhaustive: false)
    store.press(.character(" "))
    #expect(store.state.isPaused)
    #expect(store.takeEffects().contains(.setPace(0)))
    store.press(.character("<"))
    #expect(store.state.pace == 0.5)
    #expect(!store.takeEffects().contains(.setPace(0.5)), "paused, the pace waits for Space")
    #expect(store.state.status.text == "time runs at 1/2×, once Space lets it run")
    store.press(.character(" "))
    #expect(store.takeEffects().contains(.setPace(0.5)))
    store.press(.character("<"), .character("<"), .character("<"))
    #expect(store.state.pace == 0.125)
    #expect(store.state.status.text == "time runs at 1/8× (the slowest)")
    #expect(store.screen.contains("1/8× time"))
    store.press(.character(">"), .character(">"), .character(">"), .character(">"))
    #expect(store.state.pace == 1)
    #expect(store.state.status.text == "time runs at 1× (real time)")
  }
}
