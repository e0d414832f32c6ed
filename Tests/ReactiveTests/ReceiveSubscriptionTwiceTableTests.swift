import Foundation
import Reactive
import Testing

/// What an operator does with a second subscription, and with its first sent again, as OpenCombine's
/// `…ReceiveSubscriptionTwice` tests record Combine's (the common `testReceiveSubscriptionTwice`
/// helper and the inline copies): the downstream requests nothing; the first subscription's calls, the
/// second's, the first's once sent again, and the first's after the downstream cancels are compared.
/// Most cancel the extra one, the live one sent again included; `ignoreOutput` asks each for
/// everything.

/// A subscription's calls, as text.
func calls(_ s: HandDrivenSubscription) -> String {
  s.calls.map { call -> String in
    switch call {
    case .request(let d): return "\(d)"
    case .cancel: return "cancel"
    }
  }.joined(separator: ",")
}

/// The four call lists described above, separated by ` | `.
func twice<P: Publisher>(_ make: (HandDrivenPublisher<Int, TestError>) -> P) -> String {
  let upstream = HandDrivenPublisher<Int, TestError>()
  let tracker = SubscriptionProbe<P.Output, P.Failure>()
  make(upstream).subscribe(tracker)
  let first = upstream.giveSubscription()
  let a = calls(first)
  let second = HandDrivenSubscription()
  upstream.subscriber?.receive(subscription: second)
  let b = calls(second)
  upstream.subscriber?.receive(subscription: first)
  let c = calls(first)
  tracker.subscription?.cancel()
  let d = calls(first)
  return "\(a) | \(b) | \(c) | \(d)"
}

@Suite struct ReceiveSubscriptionTwiceTableTests {
  @Test func aSecondSubscriptionGetsWhatCombinesGets() {
    let s = DispatchQueue.test
    func row(_ name: String, _ expected: String, _ got: String) {
      #expect(got == expected, "\(name)")
    }
    let common = " | cancel | cancel | cancel,cancel"
    let unl = "unlimited | cancel | unlimited,cancel | unlimited,cancel,cancel"
    row("catch", common, twice { $0.catch { _ in Empty<Int, TestError>() } })
    row("tryCatch", common, twice { $0.tryCatch { _ in Empty<Int, TestError>() } })
    row("collect(19)", common, twice { $0.collect(19) })
    row("tryCompactMap", common, twice { $0.tryCompactMap { $0 } })
    row("append", common, twice { $0.append(1, 2, 3) })
    row("debounce", unl, twice { $0.debounce(for: .nanoseconds(13), scheduler: s) })
    row("delay", common, twice { $0.delay(for: .seconds(0.35), scheduler: ImmediateScheduler.shared) })
    row("drop(while:)", common, twice { $0.drop { _ in true } })
    row("tryDrop(while:)", common, twice { $0.tryDrop { _ in true } })
    row("encode", common, twice { $0.encode(encoder: JSONEncoder()) })
    row("decode", common, twice { $0.decode(type: Int.self, decoder: NumberDecoder()) })
    row("tryFilter", common, twice { $0.tryFilter { _ in true } })
    row("flatMap", unl, twice { $0.flatMap { Just($0).setFailureType(to: TestError.self) } })
    row("handleEvents", common, twice { $0.handleEvents() })
    row(
      "ignoreOutput", "unlimited | unlimited | unlimited,unlimited | unlimited,unlimited,cancel",
      twice { $0.ignoreOutput() })
    row("measureInterval", common, twice { $0.measureInterval(using: ImmediateScheduler.shared) })
    row(
      "merge", "max(1) | cancel | max(1),cancel | max(1),cancel,cancel",
      twice { $0.merge(with: PassthroughSubject<Int, TestError>()) })
    row("output(in:)", common, twice { $0.output(in: 1..<3) })
    row(
      "prefix(untilOutputFrom:)", common,
      twice { $0.prefix(untilOutputFrom: PassthroughSubject<Int, TestError>()) })
    row("prefix(while:)", common, twice { $0.prefix { _ in true } })
    row("tryPrefix(while:)", common, twice { $0.tryPrefix { _ in true } })
    row("print", common, twice { $0.print("", to: NullStream()) })
    row("receive(on:)", common, twice { $0.receive(on: ImmediateScheduler.shared) })
    row("removeDuplicates", common, twice { $0.removeDuplicates() })
    row("tryRemoveDuplicates", common, twice { $0.tryRemoveDuplicates { _, _ in false } })
    row("replaceEmpty", unl, twice { $0.replaceEmpty(with: 22) })
    row("retry", common, twice { $0.retry(3) })
    row("subscribe(on:)", common, twice { $0.subscribe(on: ImmediateScheduler.shared) })
    row(
      "throttle", unl,
      twice { $0.throttle(for: .seconds(60), scheduler: ImmediateScheduler.shared, latest: true) })
    row("timeout", common, twice { $0.timeout(.nanoseconds(13), scheduler: s) })
    row("zip", common, twice { $0.zip(PassthroughSubject<Int, TestError>()) })
    row("combineLatest", common, twice { $0.combineLatest(PassthroughSubject<Int, TestError>()) })
  }
}
