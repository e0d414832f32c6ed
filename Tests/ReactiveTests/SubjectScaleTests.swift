import Dispatch
import Foundation
import Reactive
import Testing

/// Subscribing and cancelling cost the same however many subscribers a subject has, and tearing down
/// many sinks, in any order, takes time in proportion to their number. Compared as ratios of two
/// timings in the same run, with bounds far from both the constant (1) and the linear growth the
/// sizes would show (hundreds to thousands).
///
/// The timings are of the calling thread's own CPU time, the best of three: the other suites run
/// beside these ones, and wall-clock time on a loaded machine measured the other threads too (the
/// teardown ratio read 97x to 323x in full runs, and 4x to 9x alone).
@Suite(.serialized) struct SubjectScaleTests {
  private static func seconds(_ body: () -> Void) -> Double {
    func now() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = now()
    body()
    return now() - start
  }

  /// Seconds per subscribe and cancel with `live` other subscribers attached (the best of three).
  private static func subscribeAndCancel(withLive live: Int) -> Double {
    let subject = PassthroughSubject<Int, Never>()
    let others = (0..<live).map { _ in subject.sink { _ in } }
    let rounds = 2_000
    let best = (0..<3).map { _ in
      seconds {
        for _ in 0..<rounds { subject.sink { _ in }.cancel() }
      }
    }.min()!
    withExtendedLifetime(others) {}
    return best / Double(rounds)
  }

  /// Seconds to drop `count` sinks' cancellables, in a shuffled order (the best of three).
  private static func tearDown(_ count: Int) -> Double {
    (0..<3).map { _ in
      let subject = PassthroughSubject<Int, Never>()
      var cancellables = (0..<count).map { _ in subject.sink { _ in } }
      var generator = SystemRandomNumberGenerator()
      cancellables.shuffle(using: &generator)
      return seconds {
        while !cancellables.isEmpty { cancellables.removeLast() }
      }
    }.min()!
  }

  @Test func subscribeAndCancelCostsTheSameWithTwentyThousandLiveSubscribersAsWithTen() {
    let few = Self.subscribeAndCancel(withLive: 10)
    let many = Self.subscribeAndCancel(withLive: 20_000)
    #expect(many / few < 8, "10 live: \(few * 1e9) ns, 20,000 live: \(many * 1e9) ns")
  }

  @Test func tearingDownSinksInAnyOrderTakesTimeInProportionToTheirNumber() {
    let small = Self.tearDown(2_000)
    let large = Self.tearDown(20_000)
    #expect(large / small < 40, "2,000: \(small) s, 20,000: \(large) s")
  }
}
