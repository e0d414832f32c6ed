import Foundation
import Reactive
import Testing

/// What an upstream subscription receives when the downstream cancels, asks again and cancels again,
/// and what reaches the downstream afterwards, as OpenCombine's `…CancelAlreadyCancelled` tests (the
/// newest versions, commit 1b8a26b) record Combine's. Operators that keep no state hand the
/// downstream the upstream's own subscription, so every call reaches it; operators with a
/// subscription of their own pass one cancel and swallow what follows.

/// A downstream that asks for `initial` once subscribed, answers each value with `perValue`, keeps
/// its subscription for the test to call, and writes what it receives as text.
final class DemandingTracker<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  private let initial: Subscribers.Demand?
  private let perValue: Subscribers.Demand
  private(set) var history: [String] = []
  private(set) var subscription: (any Subscription)?

  init(initial: Subscribers.Demand?, perValue: Subscribers.Demand) {
    self.initial = initial
    self.perValue = perValue
  }

  func receive(subscription: any Subscription) {
    history.append("subscription(\(subscription))")
    self.subscription = subscription
    initial.map(subscription.request)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    history.append("value(\(input))")
    return perValue
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: history.append("finished")
    case .failure: history.append("failure")
    }
  }
}

/// `calls` as short text: "request(unlimited), cancel".
func callText(_ calls: [RecordingSubscription.Call]) -> String {
  calls.map { call in
    switch call {
    case .request(let demand): "request(\(demand))"
    case .cancel: "cancel"
    }
  }.joined(separator: ", ")
}

/// An operator made by `make` over a hand-driven upstream that has handed out its subscription, with
/// a ``DemandingTracker`` downstream.
final class CancelRig<P: Publisher> {
  let upstream = HandDrivenPublisher<Int, TestError>()
  let tracker: DemandingTracker<P.Output, P.Failure>
  let subscription: HandDrivenSubscription

  init(
    initial: Subscribers.Demand?, perValue: Subscribers.Demand = .none,
    _ make: (HandDrivenPublisher<Int, TestError>) -> P
  ) {
    tracker = DemandingTracker(initial: initial, perValue: perValue)
    make(upstream).subscribe(tracker)
    subscription = upstream.giveSubscription()
  }

  /// What the upstream subscription received so far.
  var calls: String { callText(subscription.calls) }
  func cancel() { tracker.subscription?.cancel() }
  func request(_ demand: Subscribers.Demand) { tracker.subscription?.request(demand) }
}

/// The downstream asks for `initial` once subscribed, then cancels, asks for everything and cancels
/// again; the upstream subscription's calls. ReduceTests' pattern asks for nothing at first,
/// MapTests' for everything.
func cancelAskCancel<P: Publisher>(
  initial: Subscribers.Demand? = nil, _ make: (HandDrivenPublisher<Int, TestError>) -> P
) -> String {
  let rig = CancelRig(initial: initial, make)
  rig.cancel()
  rig.request(.unlimited)
  rig.cancel()
  return rig.calls
}

/// FilterTests' pattern for an operator with a subscription of its own: after a cancel, a value
/// (and the demand it returns), completions, another request and cancel; the demand, the upstream
/// subscription's calls and the downstream's history.
func eventsAfterCancel<P: Publisher>(_ make: (HandDrivenPublisher<Int, TestError>) -> P) -> String {
  let rig = CancelRig(initial: .unlimited, make)
  rig.cancel()
  let demand = rig.upstream.send(42)
  rig.upstream.send(completion: .finished)
  rig.request(.unlimited)
  rig.cancel()
  rig.upstream.send(completion: .failure(.boom))
  rig.upstream.send(completion: .finished)
  return "\(demand) | \(rig.calls) | \(rig.tracker.history)"
}

@Suite struct CancelAlreadyCancelledTableTests {
  private func row(
    _ name: String, _ expected: String, _ got: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(got == expected, "\(name)", sourceLocation: sourceLocation)
  }

  @Test func reducingOperatorsPassOneCancelAfterAskingForEverything() {
    let expected = "request(unlimited), cancel"
    row("allSatisfy", expected, cancelAskCancel { $0.allSatisfy { _ in true } })
    row("tryAllSatisfy", expected, cancelAskCancel { $0.tryAllSatisfy { _ in true } })
    row("collect()", expected, cancelAskCancel { $0.collect() })
    row("max()", expected, cancelAskCancel { $0.max() })
    row("min()", expected, cancelAskCancel { $0.min() })
    row("max(by:)", expected, cancelAskCancel { $0.max(by: <) })
    row("min(by:)", expected, cancelAskCancel { $0.min(by: <) })
    row("tryMax(by:)", expected, cancelAskCancel { $0.tryMax(by: <) })
    row("tryMin(by:)", expected, cancelAskCancel { $0.tryMin(by: <) })
    row("contains", expected, cancelAskCancel { $0.contains(0) })
    row("contains(where:)", expected, cancelAskCancel { $0.contains { _ in true } })
    row("tryContains(where:)", expected, cancelAskCancel { $0.tryContains { _ in true } })
    row("count", expected, cancelAskCancel { $0.count() })
    row("first", expected, cancelAskCancel { $0.first() })
    row("first(where:)", expected, cancelAskCancel { $0.first { $0 > 2 } })
    row("tryFirst(where:)", expected, cancelAskCancel { $0.tryFirst { $0 > 2 } })
    row("last", expected, cancelAskCancel { $0.last() })
    row("last(where:)", expected, cancelAskCancel { $0.last { $0 > 2 } })
    row("tryLast(where:)", expected, cancelAskCancel { $0.tryLast { $0 > 2 } })
  }

  @Test func statelessOperatorsPassEveryCall() {
    struct Number {
      let value: Int
      var doubled: Int { value * 2 }
      var tripled: Int { value * 3 }
      var quadrupled: Int { value * 4 }
    }
    let expected = "request(unlimited), cancel, request(unlimited), cancel"
    row("map", expected, cancelAskCancel(initial: .unlimited) { $0.map { $0 * 2 } })
    row("map(keyPath)", expected, cancelAskCancel(initial: .unlimited) { $0.map(Number.init).map(\.doubled) })
    row(
      "map(2 keyPaths)", expected,
      cancelAskCancel(initial: .unlimited) { $0.map(Number.init).map(\.doubled, \.tripled) })
    row(
      "map(3 keyPaths)", expected,
      cancelAskCancel(initial: .unlimited) { $0.map(Number.init).map(\.doubled, \.tripled, \.quadrupled) })
    row("mapError", expected, cancelAskCancel(initial: .unlimited) { $0.mapError { _ in TestError.other } })
    row("scan", expected, cancelAskCancel(initial: .unlimited) { $0.scan(0, +) })

    let never = HandDrivenPublisher<Int, Never>()
    let tracker = DemandingTracker<Int, TestError>(initial: .unlimited, perValue: .none)
    never.setFailureType(to: TestError.self).subscribe(tracker)
    let subscription = never.giveSubscription()
    tracker.subscription?.cancel()
    tracker.subscription?.request(.unlimited)
    tracker.subscription?.cancel()
    row("setFailureType", expected, callText(subscription.calls))
  }

  @Test func filterAndCompactMapStillPassEventsAfterACancel() {
    var calls = 0
    let rig = CancelRig(initial: .unlimited, perValue: .max(2)) { upstream in
      upstream.filter {
        calls += 1
        return $0.isMultiple(of: 2)
      }
    }
    rig.cancel()
    #expect(rig.upstream.send(42) == .max(2))
    rig.upstream.send(completion: .finished)
    #expect(rig.calls == "request(unlimited), cancel")
    rig.request(.unlimited)
    rig.cancel()
    #expect(rig.calls == "request(unlimited), cancel, request(unlimited), cancel")
    rig.upstream.send(completion: .failure(.boom))
    rig.upstream.send(completion: .finished)
    #expect(
      rig.tracker.history == ["subscription(HandDriven)", "value(42)", "finished", "failure", "finished"])
    #expect(calls == 1)

    let compacting = CancelRig(initial: .unlimited, perValue: .max(2)) { $0.compactMap { $0 } }
    compacting.cancel()
    #expect(compacting.upstream.send(42) == .max(2))
    compacting.request(.unlimited)
    compacting.cancel()
    #expect(compacting.calls == "request(unlimited), cancel, request(unlimited), cancel")
  }

  @Test func operatorsWithTheirOwnSubscriptionSwallowEverythingAfterACancel() {
    func expected(_ name: String) -> String {
      "max(0) | request(unlimited), cancel | [\"subscription(\(name))\"]"
    }
    row("tryCompactMap", expected("TryCompactMap"), eventsAfterCancel { $0.tryCompactMap { $0 } })
    row("tryFilter", expected("TryFilter"), eventsAfterCancel { $0.tryFilter { _ in true } })
    row("prefix(while:)", expected("PrefixWhile"), eventsAfterCancel { $0.prefix { _ in true } })
    row("tryPrefix(while:)", expected("TryPrefixWhile"), eventsAfterCancel { $0.tryPrefix { _ in true } })
    row("removeDuplicates", expected("RemoveDuplicates"), eventsAfterCancel { $0.removeDuplicates(by: ==) })
    row(
      "tryRemoveDuplicates", expected("TryRemoveDuplicates"),
      eventsAfterCancel { $0.tryRemoveDuplicates(by: ==) })
    row("drop(while:)", expected("DropWhile"), eventsAfterCancel { $0.drop { _ in true } })
    row("tryDrop(while:)", expected("TryDropWhile"), eventsAfterCancel { $0.tryDrop { _ in true } })
  }

  @Test func tryMapAndTryScanPassOneCancel() {
    row("tryMap", "cancel", cancelAskCancel { $0.tryMap { $0 * 2 } })
    let rig = CancelRig(initial: .unlimited) { $0.tryScan(0, +) }
    rig.cancel()
    rig.request(.max(42))
    rig.cancel()
    row("tryScan", "request(unlimited), cancel", rig.calls)
  }

  @Test func breakpointOnErrorPassesEveryCall() {
    let rig = CancelRig(initial: .unlimited) { $0.breakpointOnError() }
    rig.request(.max(14))
    rig.cancel()
    rig.request(.max(100))
    rig.cancel()
    row(
      "breakpointOnError",
      "request(unlimited), request(max(14)), cancel, request(max(100)), cancel", rig.calls)
  }

  @Test func dropFirstPassesOneCancel() {
    let rig = CancelRig(initial: nil) { $0.dropFirst() }
    #expect(rig.calls == "request(max(1))")
    rig.cancel()
    rig.request(.unlimited)
    rig.cancel()
    row("dropFirst", "request(max(1)), cancel", rig.calls)
  }

  @Test func collectByCountStillFinishesAfterACancel() {
    let rig = CancelRig(initial: .unlimited, perValue: .max(3)) { $0.collect(4) }
    rig.cancel()
    let second = rig.upstream.giveSubscription()
    #expect(callText(second.calls) == "cancel")
    rig.request(.max(2))
    rig.cancel()
    rig.upstream.send(completion: .finished)
    #expect(rig.tracker.history == ["subscription(CollectByCount)", "finished"])
    row("collect(4)", "request(unlimited), cancel", rig.calls)
  }

  @Test func outputStillPassesValuesButNoCompletionAfterACancel() {
    let rig = CancelRig(initial: .unlimited, perValue: .max(3)) { $0.output(in: 1..<3) }
    rig.cancel()
    rig.request(.unlimited)
    rig.cancel()
    #expect(rig.upstream.send(1) == .max(1))
    #expect(rig.upstream.send(2) == .max(3))
    #expect(rig.calls == "request(unlimited), cancel")
    rig.upstream.send(completion: .failure(.boom))
    rig.upstream.send(completion: .finished)
    #expect(rig.calls == "request(unlimited), cancel")
    #expect(rig.tracker.history == ["subscription(Output)", "value(2)"])
  }

  @Test func replaceEmptyAndReplaceErrorPassOneCancel() {
    let empty = CancelRig(initial: .unlimited) { $0.replaceEmpty(with: -7) }
    empty.cancel()
    empty.request(.unlimited)
    empty.cancel()
    #expect(empty.calls == "request(unlimited), request(unlimited), cancel")
    empty.upstream.send(completion: .failure(.boom))
    empty.upstream.send(completion: .finished)
    #expect(empty.tracker.history == ["subscription(ReplaceEmpty)"])

    let error = CancelRig(initial: .unlimited, perValue: .max(1)) { $0.replaceError(with: 42) }
    error.cancel()
    error.cancel()
    error.request(.unlimited)
    error.cancel()
    #expect(error.calls == "request(unlimited), cancel")
  }

  @Test func retryPassesOneCancelAndNothingAfter() {
    let rig = CancelRig(initial: nil) { $0.retry(3) }
    #expect(rig.calls == "")
    rig.cancel()
    rig.request(.max(3))
    rig.cancel()
    #expect(rig.upstream.send(42) == .none)
    #expect(rig.calls == "cancel")
    #expect(rig.tracker.history == ["subscription(Retry)"])
  }

  @Test func handleEventsHooksFallSilentAfterACancelWhileEventsStillFlow() {
    var hooks: [String] = []
    let rig = CancelRig(initial: .max(2), perValue: .max(5)) { upstream in
      upstream.handleEvents(
        receiveSubscription: { hooks.append("subscription(\($0))") },
        receiveOutput: { hooks.append("output(\($0))") },
        receiveCompletion: { _ in hooks.append("completion") },
        receiveCancel: { hooks.append("cancel") },
        receiveRequest: { hooks.append("request(\($0))") })
    }
    rig.cancel()
    rig.request(.max(1))
    rig.cancel()
    #expect(rig.upstream.send(1) == .max(5))
    rig.upstream.send(completion: .finished)
    rig.upstream.send(completion: .failure(.boom))
    #expect(rig.tracker.history == ["subscription(HandleEvents)", "value(1)", "finished", "failure"])
    #expect(rig.calls == "request(max(2)), cancel")
    #expect(hooks == ["subscription(HandDriven)", "request(max(2))", "cancel"])
  }

  @Test func appendPassesOneCancelToTheFirstAndNothingToTheSecond() {
    let first = HandDrivenPublisher<Int, TestError>()
    let second = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, TestError>(initial: nil, perValue: .none)
    first.append(second).subscribe(tracker)
    let subscription = first.giveSubscription()
    tracker.subscription?.cancel()
    tracker.subscription?.cancel()
    tracker.subscription?.request(.max(2))
    tracker.subscription?.cancel()
    tracker.subscription?.request(.max(3))
    #expect(tracker.history == ["subscription(Concatenate)"])
    #expect(callText(subscription.calls) == "cancel")
    #expect(second.subscriber == nil)
    #expect(first.send(0) == .none)
    #expect(callText(subscription.calls) == "cancel")
  }

  @Test func dropUntilOutputCancelsUpstreamThenOtherOnceAndSwallowsTheRest() {
    let other = HandDrivenPublisher<Int, TestError>()
    let rig = CancelRig(initial: .max(2), perValue: .max(5)) { $0.drop(untilOutputFrom: other) }
    let otherSubscription = other.giveSubscription()
    rig.cancel()
    rig.cancel()
    rig.request(.max(10))
    #expect(rig.upstream.send(1000) == .none)
    rig.upstream.send(completion: .finished)
    let late = rig.upstream.giveSubscription()
    #expect(callText(late.calls) == "cancel")
    #expect(rig.calls == "request(max(2)), cancel")
    #expect(callText(otherSubscription.calls) == "request(max(1)), cancel")
    #expect(rig.tracker.history == ["subscription(DropUntilOutput)"])
  }

  @Test func schedulingOperatorsPassOneCancelAndScheduleNothingAfter() {
    let scheduler = DispatchQueue.test
    func scheduled<P: Publisher>(_ name: String, _ make: (HandDrivenPublisher<Int, TestError>) -> P) {
      let rig = CancelRig(initial: .unlimited, make)
      scheduler.run()
      rig.cancel()
      rig.request(.max(42))
      rig.cancel()
      #expect(rig.upstream.send(0) == .none, "\(name)")
      rig.upstream.send(completion: .finished)
      #expect(scheduler.scheduledCount == 0, "\(name)")
      scheduler.run()
      #expect(rig.calls == "request(unlimited), cancel", "\(name)")
      #expect(rig.tracker.history.count == 1, "\(name): \(rig.tracker.history)")
    }
    scheduled("receive(on:)") { $0.receive(on: scheduler) }
    scheduled("delay") { $0.delay(for: .nanoseconds(200), scheduler: scheduler) }
    scheduled("throttle") { $0.throttle(for: .seconds(10), scheduler: scheduler, latest: true) }
  }

  @Test func measureIntervalPassesOneCancel() {
    let scheduler = DispatchQueue.test
    let rig = CancelRig(initial: nil, perValue: .max(1)) { $0.measureInterval(using: scheduler) }
    rig.cancel()
    rig.request(.max(1000))
    rig.cancel()
    #expect(rig.upstream.send(1000) == .none)
    rig.upstream.send(completion: .failure(.boom))
    #expect(rig.calls == "cancel")
    #expect(rig.tracker.history == ["subscription(MeasureInterval)"])
  }

  @Test func subscribeOnSchedulesOneCancelAndNothingAfter() {
    let scheduler = DispatchQueue.test
    let upstream = HandDrivenPublisher<Int, TestError>()
    let tracker = DemandingTracker<Int, TestError>(initial: nil, perValue: .max(42))
    upstream.subscribe(on: scheduler).subscribe(tracker)
    scheduler.run()
    let subscription = upstream.giveSubscription()
    #expect(tracker.history == ["subscription(SubscribeOn)"])
    tracker.subscription?.cancel()
    #expect(upstream.send(1000) == .none)
    upstream.send(completion: .failure(.boom))
    #expect(tracker.history == ["subscription(SubscribeOn)"])
    #expect(subscription.calls.isEmpty)
    scheduler.run()
    #expect(callText(subscription.calls) == "cancel")
    tracker.subscription?.request(.max(20000))
    tracker.subscription?.cancel()
    #expect(scheduler.scheduledCount == 0)
    #expect(callText(subscription.calls) == "cancel")
  }
}
