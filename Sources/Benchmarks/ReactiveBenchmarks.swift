import BenchmarkSupport
import Dispatch
import Foundation
import Reactive

/// Per-event costs of Reactive, each with its ratio to a plain closure call doing the same arithmetic,
/// measured in the same run; and the lateness of a debounce on a real queue.
struct ReactiveBenchmarks {
  let iterations = 5_000_000

  /// Prints the tables; returns the floor and rows (a) and (d), which the hot-path table repeats.
  @discardableResult
  func run() -> (floor: Double, passthrough: Double, subscribeCancel: Double) {
    // The floor moves with the machine's state (frequency, the other core's load): it is measured
    // before and after the paths, and the lower figure is the floor, which gives the larger ratios.
    let floorBefore = closureFloor()
    let paths = [
      ("(a) PassthroughSubject -> sink", passthroughToSink(), 10.0),
      ("(b) CurrentValueSubject -> removeDuplicates -> map -> sink", currentValueChain(subscribers: 1), 30),
      ("(c) the same, 10 subscribers, per delivery", currentValueChain(subscribers: 10), 30),
      ("(d) subscribe + cancel", subscribeAndCancel(), 125),
    ]
    let floor = min(floorBefore, closureFloor())
    var rows: [[String]] = [["closure call (floor, lower of before and after)", format(floor, 2), "1.0", ""]]
    for (name, value, target) in paths {
      let ratio = value / floor
      rows.append([
        name, format(value, 2), format(ratio),
        "<= \(format(target, 0))x " + (ratio <= target ? "ok" : "MISSED"),
      ])
    }
    printTable("Reactive: cost per event, release build", ["path", "ns", "x floor", "target"], rows)

    let lateness = debounceLateness()
    printTable(
      "Reactive: debounce lateness, 50 emissions at 100 ms on a DispatchQueue",
      ["statistic", "ms", "target"],
      [
        ["median", format(lateness.median, 3), "< 1 ms " + (lateness.median < 1 ? "ok" : "MISSED")],
        ["worst", format(lateness.worst, 3), ""],
      ])
    return (floor, paths[0].1, paths[3].1)
  }

  /// A closure the optimizer cannot see through, adding each value to a running sum.
  private func closureFloor() -> Double {
    final class Sum { var value = 0 }
    let sum = Sum()
    let add = opaque { sum.value &+= $0 }
    let result = nanosecondsPerIteration(iterations: iterations * 4) { count in
      for value in 0..<count { add(value) }
    }
    _ = blackHole(sum.value)
    return result
  }

  private func passthroughToSink() -> Double {
    final class Sum { var value = 0 }
    let sum = Sum()
    let subject = blackHole(PassthroughSubject<Int, Never>())
    let cancellable = subject.sink { sum.value &+= $0 }
    let result = nanosecondsPerIteration(iterations: iterations) { count in
      for value in 0..<count { subject.send(value) }
    }
    cancellable.cancel()
    _ = blackHole(sum.value)
    return result
  }

  /// Per delivery: the time per send divided by the number of subscribers.
  private func currentValueChain(subscribers: Int) -> Double {
    final class Sum { var value = 0 }
    let sum = Sum()
    let subject = blackHole(CurrentValueSubject<Int, Never>(-1))
    let cancellables = (0..<subscribers).map { _ in
      subject.removeDuplicates().map { $0 &* 2 }.sink { sum.value &+= $0 }
    }
    let perSend = nanosecondsPerIteration(iterations: iterations / subscribers) { count in
      for value in 0..<count { subject.send(value) }
    }
    for cancellable in cancellables { cancellable.cancel() }
    _ = blackHole(sum.value)
    return perSend / Double(subscribers)
  }

  private func subscribeAndCancel() -> Double {
    final class Sum { var value = 0 }
    let sum = Sum()
    let subject = blackHole(PassthroughSubject<Int, Never>())
    return nanosecondsPerIteration(iterations: iterations / 10) { count in
      for _ in 0..<count {
        let cancellable = subject.sink { sum.value &+= $0 }
        cancellable.cancel()
      }
    }
  }

  /// Milliseconds by which each debounced value arrived after its due time (send + 100 ms).
  private func debounceLateness() -> (median: Double, worst: Double) {
    let queue = DispatchQueue(label: "bench.debounce")
    let subject = PassthroughSubject<UInt64, Never>()
    let done = DispatchSemaphore(value: 0)
    final class Samples: @unchecked Sendable { var values: [Double] = [] }
    let samples = Samples()
    let cancellable = subject.debounce(for: .milliseconds(100), scheduler: queue).sink { sentAt in
      let due = sentAt + 100_000_000
      samples.values.append(Double(Int64(nanosecondsNow()) - Int64(due)) / 1_000_000)
      done.signal()
    }
    for _ in 0..<50 {
      queue.sync { subject.send(nanosecondsNow()) }
      done.wait()
    }
    cancellable.cancel()
    let sorted = samples.values.sorted()
    return (sorted[sorted.count / 2], sorted.last ?? 0)
  }
}

/// Hands back `body` through a call the optimizer cannot see into, so that calling the result is an
/// indirect call to the closure itself. Not generic: a closure passed through a generic function comes
/// back wrapped in reabstraction thunks, which would make the floor two calls instead of one.
@inline(never)
private func opaque(_ body: @escaping (Int) -> Void) -> (Int) -> Void { body }
