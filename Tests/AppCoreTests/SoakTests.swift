import Foundation
import Shop
import Testing

@testable import AppCore

/// 100,000 random events through the app core on a virtual clock: keys, filter typing, help, clicks,
/// resizes from 1x1 to 300x100, time, mode and debounce changes. After every event nothing is negative,
/// the selection is in the visible list and, in a controlled store once the debounce interval has
/// passed since the last change, the badge equals the basket's quantity without bags. The screen is
/// rendered every few events (most of a run's time is drawing large windows) and holds no control
/// character.
///
/// Seeded and reproducible: `SHOP_SOAK_SEED=N` repeats a run, `SHOP_SOAK_EVENTS=N` changes its length,
/// and a failure names the seed, the step and the event.
@Suite struct SoakTests {
  /// Events per run.
  static let defaultEventCount = 100_000
  /// The seed when `SHOP_SOAK_SEED` is not set.
  static let defaultSeed: UInt64 = 0x5_0A4
  /// Render one event in this many: rendering a large window is most of a run's time.
  static let renderEvery = 64

  @Test func randomEventsKeepTheAppConsistent() {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["SHOP_SOAK_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
    let count = environment["SHOP_SOAK_EVENTS"].flatMap { Int($0) } ?? Self.defaultEventCount
    var random = SplitMix64(seed: seed)
    var run = SoakRun(
      mode: Bool.random(using: &random) ? .controlled : .simple,
      debounce: Int.random(in: 0...2000, using: &random))
    let started = ContinuousClock.now
    var burst = 0
    for step in 0..<count {
      let event: SoakEvent
      if burst > 0 {
        burst -= 1
        event = .input(
          .resize(
            width: Int.random(in: 1...300, using: &random), height: Int.random(in: 1...100, using: &random)))
      } else {
        event = SoakEvent.random(width: run.width, height: run.height, using: &random)
        if case .input(.resize) = event, Int.random(in: 0..<4, using: &random) == 0 {
          burst = Int.random(in: 2...8, using: &random)
        }
      }
      if let problem = run.apply(event, render: step % Self.renderEvery == 0) {
        Issue.record(
          "soak seed \(seed) step \(step) after \(event): \(problem) (repeat: SHOP_SOAK_SEED=\(seed))")
        return
      }
    }
    print("soak: \(count) events, seed \(seed), \(run.summary), in \(ContinuousClock.now - started)")
  }
}
