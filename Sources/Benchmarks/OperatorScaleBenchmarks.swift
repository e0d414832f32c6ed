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

    let small = advancePerAction(queued: 1000, rounds: 7)
    let large = advancePerAction(queued: 64_000, rounds: 5)
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

  /// The cost per action of one `advance` past `queued` actions scheduled at pseudo-random dates; the
  /// median of `rounds`, each on a freshly filled scheduler (filling it is not timed).
  private func advancePerAction(queued: Int, rounds: Int) -> Double {
    final class Count { var value = 0 }
    let count = Count()
    var samples: [Double] = []
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<rounds {
      let scheduler = DispatchQueue.test
      for _ in 0..<queued {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let millisecond = Int((seed >> 33) % UInt64(queued))
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(millisecond))) {
          count.value &+= 1
        }
      }
      let start = nanosecondsNow()
      scheduler.advance(by: .seconds(queued))
      samples.append(Double(nanosecondsNow() - start) / Double(queued))
    }
    precondition(count.value == queued * rounds, "actions lost")
    return samples.sorted()[samples.count / 2]
  }
}
