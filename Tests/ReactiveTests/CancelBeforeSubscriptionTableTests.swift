import Foundation
import Reactive
import Testing

/// What becomes of a subscription that arrives after the operator was cancelled before it had one, as
/// OpenCombine's `…CancelBeforeSubscription` tests (`expected: .history(…)`, the newest `CommonTests`)
/// record Combine's: the operator's own subscription is cancelled, then the upstream hands it a
/// subscription, whose calls are compared. The reducing operators still ask it for everything; the
/// filtering ones with a subscription of their own cancel it. Where Combine's leave it untouched, or
/// `buffer` still asks it for values, ours cancel it (the README's differences).

/// The calls a late subscription received, after the operator's subscription was cancelled first.
func cancelEarly<P: Publisher>(_ make: (HandDrivenPublisher<Int, Never>) -> P) -> String {
  let upstream = HandDrivenPublisher<Int, Never>()
  let tracker = TextTracker<P.Output, P.Failure>()
  make(upstream).subscribe(tracker)
  guard let inner = upstream.subscriber as? any Subscription else { return "not a subscription" }
  inner.cancel()
  let late = upstream.giveSubscription()
  return "\(late.calls)"
}

@Suite struct CancelBeforeSubscriptionTableTests {
  @Test func aSubscriptionAfterAnEarlyCancelGetsWhatCombinesGets() {
    let s = DispatchQueue.test
    func row(_ name: String, _ expected: String, _ got: String) {
      #expect(got == expected, "\(name)")
    }
    let unl = "[ReactiveTests.RecordingSubscription.Call.request(unlimited)]"
    let can = "[ReactiveTests.RecordingSubscription.Call.cancel]"
    let none = "[]"
    row("allSatisfy", unl, cancelEarly { $0.allSatisfy { _ in true } })
    row("tryAllSatisfy", unl, cancelEarly { $0.tryAllSatisfy { _ in true } })
    row("collect(19)", none, cancelEarly { $0.collect(19) })
    row("collect()", unl, cancelEarly { $0.collect() })
    row("tryCompactMap", can, cancelEarly { $0.tryCompactMap { $0 } })
    row("min", unl, cancelEarly { $0.min() })
    row("tryMax(by:)", unl, cancelEarly { $0.tryMax(by: <) })
    row("contains", unl, cancelEarly { $0.contains(0) })
    row("tryContains", unl, cancelEarly { $0.tryContains { _ in true } })
    row("count", unl, cancelEarly { $0.count() })
    row("dropFirst(0)", none, cancelEarly { $0.dropFirst(0) })
    row("drop(untilOutputFrom:)", can, cancelEarly { $0.drop(untilOutputFrom: Empty<Int, Never>()) })
    row("tryFilter", can, cancelEarly { $0.tryFilter { _ in true } })
    row("first", unl, cancelEarly { $0.first() })
    row("first(where:)", unl, cancelEarly { $0.first { _ in true } })
    row("tryFirst(where:)", unl, cancelEarly { $0.tryFirst { _ in true } })
    row("handleEvents", none, cancelEarly { $0.handleEvents() })
    row("last", unl, cancelEarly { $0.last() })
    row("tryLast(where:)", unl, cancelEarly { $0.tryLast { _ in true } })
    row(
      "prefix(untilOutputFrom:)", can,
      cancelEarly { $0.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()) })
    row("prefix(while:)", can, cancelEarly { $0.prefix { _ in true } })
    row("tryPrefix(while:)", can, cancelEarly { $0.tryPrefix { _ in true } })
    row("print", none, cancelEarly { $0.print("", to: NullStream()) })
    row("reduce", unl, cancelEarly { $0.reduce(0, +) })
    row("tryReduce", unl, cancelEarly { $0.tryReduce(0, +) })
    row("removeDuplicates", can, cancelEarly { $0.removeDuplicates() })
    row("tryRemoveDuplicates", can, cancelEarly { $0.tryRemoveDuplicates { _, _ in false } })
    row("replaceEmpty", unl, cancelEarly { $0.replaceEmpty(with: 1337) })
    row("retry", can, cancelEarly { $0.retry(3) })
    row("tryScan", none, cancelEarly { $0.tryScan(0, +) })
    row("throttle", can, cancelEarly { $0.throttle(for: .nanoseconds(13), scheduler: s, latest: true) })
  }
}
