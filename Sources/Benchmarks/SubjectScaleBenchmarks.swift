import BenchmarkSupport
import Dispatch
import Reactive

/// How subscribing and cancelling scale with the number of subscribers a subject already has: the
/// cost of one subscribe + cancel with 10 and with 100,000 live subscribers, their ratio, and the
/// time to tear down 100,000 sinks by dropping their cancellables in a shuffled order.
struct SubjectScaleBenchmarks {
  let many = 100_000
  let iterations = 500_000

  func run() {
    let withFew = subscribeAndCancel(live: 10)
    let withMany = subscribeAndCancel(live: many)
    let ratio = withMany / withFew
    let tearDown = tearDownMilliseconds(count: many)
    printTable(
      "Reactive: subscribers of one subject, release build", ["measure", "result", "target"],
      [
        ["subscribe + cancel, 10 live subscribers", "\(format(withFew, 1)) ns", ""],
        ["subscribe + cancel, 100,000 live subscribers", "\(format(withMany, 1)) ns", ""],
        ["ratio, 100,000 to 10", "\(format(ratio, 2))x", "<= 2x " + (ratio <= 2 ? "ok" : "MISSED")],
        [
          "tear down 100,000 sinks, shuffled", "\(format(tearDown, 1)) ms",
          "< 500 ms " + (tearDown < 500 ? "ok" : "MISSED"),
        ],
      ])
  }

  /// Nanoseconds per subscribe + cancel of a sink while `live` other sinks stay subscribed.
  private func subscribeAndCancel(live: Int) -> Double {
    final class Sum { var value = 0 }
    let sum = Sum()
    let subject = blackHole(PassthroughSubject<Int, Never>())
    let others = (0..<live).map { _ in subject.sink { sum.value &+= $0 } }
    let result = nanosecondsPerIteration(iterations: iterations) { count in
      for _ in 0..<count {
        let cancellable = subject.sink { sum.value &+= $0 }
        cancellable.cancel()
      }
    }
    withExtendedLifetime(others) {}
    return result
  }

  /// Milliseconds to drop the cancellables of `count` sinks of one subject, in a shuffled order (the
  /// median of three rounds).
  private func tearDownMilliseconds(count: Int) -> Double {
    let rounds = (0..<3).map { round in
      let subject = PassthroughSubject<Int, Never>()
      var cancellables = (0..<count).map { _ in subject.sink { _ in } }
      var generator = SplitMix(seed: UInt64(round) &+ 1)
      cancellables.shuffle(using: &generator)
      let start = nanosecondsNow()
      cancellables.removeAll()
      return Double(nanosecondsNow() - start) / 1e6
    }
    return rounds.sorted()[1]
  }
}

/// A small seeded generator, so that every run shuffles the same way.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
