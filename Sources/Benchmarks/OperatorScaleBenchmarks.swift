import BenchmarkSupport
import Dispatch
import Reactive

/// How two operators scale with load: a debounce fed a long burst on a real queue, and a
/// `TestScheduler` advancing past many queued actions. Each figure comes with a ratio to a reference
/// measured in the same run.
struct OperatorScaleBenchmarks {
  /// Sends in one debounce burst.
  let burst = 1_000_000

  func run() {
    let passthrough = passthroughToSinkPerSend()
    let debounce = debounceBurstPerSend()
    let debounceTarget = 300.0
    printTable(
      "Reactive: debounce burst, PassthroughSubject -> debounce(1 s, DispatchQueue) -> sink, release build",
      ["path", "ns per send", "x (a)", "target"],
      [
        ["(a) PassthroughSubject -> sink, measured here", format(passthrough, 2), "1.0", ""],
        [
          "debounce burst of 1,000,000 sends, per send", format(debounce, 1), format(debounce / passthrough),
          "<= \(format(debounceTarget, 0)) ns " + (debounce <= debounceTarget ? "ok" : "MISSED"),
        ],
      ])

    let (small, large) = advancePerAction(small: 1000, large: 64_000, samples: 9)
    let ratio = large / small
    printTable(
      "Reactive: TestScheduler advance past queued actions in random date order, release build",
      ["queued", "ns per action", "x 1,000", "target"],
      [
        ["1,000", format(small, 1), "1.0", ""],
        ["64,000", format(large, 1), format(ratio, 2), "<= 2x " + (ratio <= 2 ? "ok" : "MISSED")],
      ])
  }

  /// Row (a) of the per-event table again, so that the debounce has its reference in this run.
  private func passthroughToSinkPerSend() -> Double {
    final class Sum { var value = 0 }
    let sum = Sum()
    let subject = blackHole(PassthroughSubject<Int, Never>())
    let cancellable = subject.sink { sum.value &+= $0 }
    let result = nanosecondsPerIteration(iterations: 5_000_000) { count in
      for value in 0..<count { subject.send(value) }
    }
    cancellable.cancel()
    _ = blackHole(sum.value)
    return result
  }

  /// The cost of each send of a burst short enough that the debounce never delivers during it.
  private func debounceBurstPerSend() -> Double {
    let queue = DispatchQueue(label: "bench.debounce.burst")
    final class Sum: @unchecked Sendable { var value = 0 }
    let sum = Sum()
    let subject = blackHole(PassthroughSubject<Int, Never>())
    let cancellable = subject.debounce(for: .seconds(1), scheduler: queue).sink { sum.value &+= $0 }
    let result = nanosecondsPerIteration(iterations: burst, rounds: 3) { count in
      for value in 0..<count { subject.send(value) }
    }
    cancellable.cancel()
    queue.sync {}
    _ = blackHole(sum.value)
    return result
  }

  /// The cost per action of an `advance` past all of `queued` actions scheduled at pseudo-random dates:
  /// the median of `samples`, each sample advancing 64,000 actions in all (one scheduler of 64,000, or
  /// 64 of 1,000 one after the other). Filling a scheduler is not timed; the two sizes alternate, so
  /// that both see the machine in the same state.
  private func advancePerAction(small: Int, large: Int, samples: Int) -> (small: Double, large: Double) {
    var generator = PseudoRandom(seed: 0x9E37_79B9_7F4A_7C15)
    var smallSamples: [Double] = []
    var largeSamples: [Double] = []
    for _ in 0..<samples {
      smallSamples.append(advanceSample(queued: small, schedulers: large / small, &generator))
      largeSamples.append(advanceSample(queued: large, schedulers: 1, &generator))
    }
    return (smallSamples.sorted()[samples / 2], largeSamples.sorted()[samples / 2])
  }

  /// Nanoseconds per action to advance `schedulers` schedulers of `queued` actions each, one after the
  /// other, each filled just before it is advanced.
  private func advanceSample(queued: Int, schedulers: Int, _ generator: inout PseudoRandom) -> Double {
    final class Count { var value = 0 }
    let count = Count()
    var elapsed: UInt64 = 0
    for _ in 0..<schedulers {
      let scheduler = DispatchQueue.test
      for _ in 0..<queued {
        let millisecond = Int(generator.next() % UInt64(queued))
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(millisecond))) {
          count.value &+= 1
        }
      }
      let start = nanosecondsNow()
      scheduler.advance(by: .seconds(queued))
      elapsed += nanosecondsNow() - start
    }
    precondition(count.value == queued * schedulers, "actions lost")
    return Double(elapsed) / Double(queued * schedulers)
  }
}

/// A linear congruential generator: the same pseudo-random dates on every run.
private struct PseudoRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
}
