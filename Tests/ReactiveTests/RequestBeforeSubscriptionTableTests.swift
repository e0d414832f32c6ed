import Foundation
import Reactive
import Testing

/// A request made of an operator's subscription before the operator has one from its upstream, as
/// OpenCombine's `…RequestBeforeSubscription` tests (`shouldCrash: false`, commit 1b8a26b) record
/// Combine's: these operators carry on (the ones that stop the process are in
/// `EventsBeforeSubscriptionTests`), and a later subscription still works.

/// Makes an early request of the operator's own subscription, then hands it a subscription and asks
/// for one value through the downstream; the upstream subscription's calls.
func requestEarly<P: Publisher>(_ make: (HandDrivenPublisher<Int, Never>) -> P) -> String {
  let upstream = HandDrivenPublisher<Int, Never>()
  let tracker = DemandingTracker<P.Output, P.Failure>(initial: nil, perValue: .none)
  make(upstream).subscribe(tracker)
  guard let inner = upstream.subscriber as? any Subscription else { return "not a subscription" }
  inner.request(.max(1))
  let late = upstream.giveSubscription()
  return callText(late.calls)
}

@Suite struct RequestBeforeSubscriptionTableTests {
  @Test func anEarlyRequestDoesNotStopTheProcess() {
    let s = DispatchQueue.test
    let immediate = ImmediateScheduler.shared
    let rows: [(String, () -> String)] = [
      ("allSatisfy", { requestEarly { $0.allSatisfy { _ in true } } }),
      ("tryAllSatisfy", { requestEarly { $0.tryAllSatisfy { _ in true } } }),
      (
        "buffer byRequest",
        { requestEarly { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest) } }
      ),
      (
        "buffer keepFull", { requestEarly { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) } }
      ),
      ("collect(19)", { requestEarly { $0.collect(19) } }),
      ("collect()", { requestEarly { $0.collect() } }),
      ("min", { requestEarly { $0.min() } }),
      ("max", { requestEarly { $0.max() } }),
      ("min(by:)", { requestEarly { $0.min(by: <) } }),
      ("tryMax(by:)", { requestEarly { $0.tryMax(by: <) } }),
      ("max(by:)", { requestEarly { $0.max(by: <) } }),
      ("tryMin(by:)", { requestEarly { $0.tryMin(by: <) } }),
      ("contains", { requestEarly { $0.contains(0) } }),
      ("contains(where:)", { requestEarly { $0.contains { _ in true } } }),
      ("tryContains(where:)", { requestEarly { $0.tryContains { _ in true } } }),
      ("count", { requestEarly { $0.count() } }),
      ("debounce", { requestEarly { $0.debounce(for: .nanoseconds(13), scheduler: s) } }),
      ("delay", { requestEarly { $0.delay(for: 0.35, scheduler: immediate) } }),
      ("dropFirst(0)", { requestEarly { $0.dropFirst(0) } }),
      ("drop(untilOutputFrom:)", { requestEarly { $0.drop(untilOutputFrom: Empty<Int, Never>()) } }),
      ("drop(while:)", { requestEarly { $0.drop { _ in true } } }),
      ("tryDrop(while:)", { requestEarly { $0.tryDrop { _ in true } } }),
      ("encode", { requestEarly { $0.encode(encoder: JSONEncoder()) } }),
      ("decode", { requestEarly { $0.decode(type: Int.self, decoder: NumberDecoder()) } }),
      ("first", { requestEarly { $0.first() } }),
      ("first(where:)", { requestEarly { $0.first { _ in true } } }),
      ("tryFirst(where:)", { requestEarly { $0.tryFirst { _ in true } } }),
      ("last", { requestEarly { $0.last() } }),
      ("last(where:)", { requestEarly { $0.last { _ in true } } }),
      ("tryLast(where:)", { requestEarly { $0.tryLast { _ in true } } }),
      ("tryMap", { requestEarly { $0.tryMap { $0 } } }),
      ("measureInterval", { requestEarly { $0.measureInterval(using: immediate) } }),
      ("output(in:)", { requestEarly { $0.output(in: 0..<3) } }),
      ("print", { requestEarly { $0.print("", to: NullStream()) } }),
      ("receive(on:)", { requestEarly { $0.receive(on: immediate) } }),
      ("reduce", { requestEarly { $0.reduce(0, +) } }),
      ("tryReduce", { requestEarly { $0.tryReduce(0, +) } }),
      ("replaceEmpty", { requestEarly { $0.replaceEmpty(with: 19) } }),
      ("replaceError", { requestEarly { $0.replaceError(with: 0) } }),
      ("retry", { requestEarly { $0.retry(3) } }),
      ("tryScan", { requestEarly { $0.tryScan(0, +) } }),
      ("subscribe(on:)", { requestEarly { $0.subscribe(on: immediate) } }),
      ("throttle", { requestEarly { $0.throttle(for: .nanoseconds(13), scheduler: s, latest: true) } }),
      ("timeout", { requestEarly { $0.timeout(.nanoseconds(13), scheduler: s) } }),
    ]
    for (name, run) in rows {
      #expect(run() != "not a subscription", "\(name)")
    }
  }

  // OpenCombine's HandleEventsTests.testHandleEventsRequestBeforeSubscription.
  @Test func handleEventsCallsItsRequestHookForAnEarlyRequest() {
    var hooks: [String] = []
    let upstream = HandDrivenPublisher<Int, Never>()
    upstream.handleEvents(receiveRequest: { hooks.append("request(\($0))") })
      .subscribe(DemandingTracker<Int, Never>(initial: nil, perValue: .none))
    (upstream.subscriber as? any Subscription)?.request(.max(1))
    #expect(hooks == ["request(max(1))"])
  }

  // OpenCombine's PrefixUntilOutputTests.testPrefixUntilOutputRequestBeforeSubscription: the other
  // publisher is subscribed at once and asked for one value, whatever happens upstream.
  @Test func prefixUntilOutputHasAlreadyAskedTheOtherForOneValue() {
    let upstream = HandDrivenPublisher<Int, Never>()
    let other = HandDrivenPublisher<Int, Never>()
    upstream.prefix(untilOutputFrom: other).subscribe(
      DemandingTracker<Int, Never>(initial: nil, perValue: .none))
    let otherSubscription = other.giveSubscription()
    (upstream.subscriber as? any Subscription)?.request(.max(1))
    #expect(callText(otherSubscription.calls) == "request(max(1))")
  }
}
