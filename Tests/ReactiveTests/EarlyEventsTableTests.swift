import Foundation
import Reactive
import Testing

/// What the operators that do not trap do with a value or a finish their upstream sends before its
/// subscription, row by row as OpenCombine's `…ReceiveValueBeforeSubscription` and
/// `…ReceiveCompletionBeforeSubscription` tests record Combine's (its `CommonTests` helpers: the
/// downstream requests nothing, answers `.max(42)` per value, and the demand the operator returns
/// upstream is compared too). Each row is the test's expected history, written as ``TextTracker``
/// writes it; `.none` reads `max(0)`, as Combine describes it.

/// Records what reaches it as text; requests nothing when subscribed, and `.max(42)` per value.
final class TextTracker<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  var history: [String] = []
  func receive(subscription: any Subscription) { history.append("subscription(\(subscription))") }
  func receive(_ input: Input) -> Subscribers.Demand {
    history.append("value(\(input))")
    return .max(42)
  }
  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: history.append("finished")
    case .failure: history.append("failure")
    }
  }
}

/// The downstream's history and the demand returned, after `value` is sent before any subscription.
func earlyValue<P: Publisher>(_ value: Int, _ make: (HandDrivenPublisher<Int, Never>) -> P) -> String {
  let upstream = HandDrivenPublisher<Int, Never>()
  let tracker = TextTracker<P.Output, P.Failure>()
  make(upstream).subscribe(tracker)
  let demand = upstream.send(value)
  return "\(tracker.history) \(demand)"
}

/// The downstream's history after a finish is sent before any subscription.
func earlyEnd<P: Publisher>(_ make: (HandDrivenPublisher<Int, Never>) -> P) -> String {
  let upstream = HandDrivenPublisher<Int, Never>()
  let tracker = TextTracker<P.Output, P.Failure>()
  make(upstream).subscribe(tracker)
  upstream.send(completion: .finished)
  return "\(tracker.history)"
}

@Suite struct EarlyEventsTableTests {
  @Test func aFinishBeforeTheSubscriptionDoesWhatCombinesDoes() {
    let s = DispatchQueue.test
    func row(_ name: String, _ expected: String, _ got: String) {
      #expect(got == expected, "\(name)")
    }
    let none = "[]"
    let fin = "[\"finished\"]"
    row("allSatisfy", none, earlyEnd { $0.allSatisfy { _ in true } })
    row("tryAllSatisfy", none, earlyEnd { $0.tryAllSatisfy { _ in true } })
    row(
      "buffer byRequest", none, earlyEnd { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest) })
    row("buffer keepFull", none, earlyEnd { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) })
    row("collect(19)", fin, earlyEnd { $0.collect(19) })
    row("collect()", none, earlyEnd { $0.collect() })
    row("compactMap", fin, earlyEnd { $0.compactMap { $0 } })
    row("min", none, earlyEnd { $0.min() })
    row("max(by:)", none, earlyEnd { $0.max(by: <) })
    row("tryMin(by:)", none, earlyEnd { $0.tryMin(by: <) })
    row("append", none, earlyEnd { $0.append(1, 2, 3) })
    row(
      "prepend(empty)", "[\"subscription(Concatenate)\"]",
      earlyEnd { $0.prepend(Empty<Int, Never>(completeImmediately: true)) })
    row("contains", none, earlyEnd { $0.contains(0) })
    row("contains(where:)", none, earlyEnd { $0.contains { _ in true } })
    row("tryContains(where:)", none, earlyEnd { $0.tryContains { _ in true } })
    row("count", none, earlyEnd { $0.count() })
    row("debounce", none, earlyEnd { $0.debounce(for: .nanoseconds(13), scheduler: s) })
    row("delay", none, earlyEnd { $0.delay(for: .seconds(0.35), scheduler: ImmediateScheduler.shared) })
    row("dropFirst(0)", "[\"subscription(Drop)\", \"finished\"]", earlyEnd { $0.dropFirst(0) })
    row("drop(while:)", none, earlyEnd { $0.drop { _ in true } })
    row("tryDrop(while:)", none, earlyEnd { $0.tryDrop { _ in true } })
    row("filter", fin, earlyEnd { $0.filter { _ in true } })
    row("first", none, earlyEnd { $0.first() })
    row("first(where:)", none, earlyEnd { $0.first { _ in true } })
    row("tryFirst(where:)", none, earlyEnd { $0.tryFirst { _ in true } })
    row("flatMap", "[\"subscription(FlatMap)\", \"finished\"]", earlyEnd { $0.flatMap { _ in Just(0) } })
    row("handleEvents", fin, earlyEnd { $0.handleEvents() })
    row("ignoreOutput", fin, earlyEnd { $0.ignoreOutput() })
    row("last", none, earlyEnd { $0.last() })
    row("last(where:)", none, earlyEnd { $0.last { _ in true } })
    row("tryLast(where:)", none, earlyEnd { $0.tryLast { _ in true } })
    row("makeConnectable", "[\"subscription(Multicast)\"]", earlyEnd { $0.makeConnectable() })
    row("mapError", fin, earlyEnd { $0.mapError(unreachable) })
    row("map keyPath", fin, earlyEnd { $0.map(\.self) })
    row("map", fin, earlyEnd { $0.map { $0 } })
    row("tryMap", none, earlyEnd { $0.tryMap { $0 } })
    // OpenCombine's OutputTests.testSendValuesBeforeSubscription.
    row("output(in:)", "[\"value(2)\"] max(42)", earlyValue(2) { $0.output(in: 0..<3) })
    row("measureInterval", none, earlyEnd { $0.measureInterval(using: ImmediateScheduler.shared) })
    row("multicast", "[\"subscription(Multicast)\"]", earlyEnd { $0.multicast(PassthroughSubject.init) })
    row("output(in:)", none, earlyEnd { $0.output(in: ..<10) })
    row(
      "prefix(untilOutputFrom:)", none,
      earlyEnd { $0.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()) })
    row("print", fin, earlyEnd { $0.print("", to: NullStream()) })
    row("receive(on:)", none, earlyEnd { $0.receive(on: ImmediateScheduler.shared) })
    row("reduce", none, earlyEnd { $0.reduce(0, +) })
    row("tryReduce", none, earlyEnd { $0.tryReduce(0, +) })
    row("replaceEmpty", none, earlyEnd { $0.replaceEmpty(with: 742) })
    row("replaceError", none, earlyEnd { $0.replaceError(with: 1) })
    row("retry", fin, earlyEnd { $0.retry(3) })
    row("scan", fin, earlyEnd { $0.scan(0, +) })
    row("tryScan", none, earlyEnd { $0.tryScan(0, +) })
    row("setFailureType", fin, earlyEnd { $0.setFailureType(to: TestError.self) })
    row("share", "[\"subscription(Multicast)\"]", earlyEnd { $0.share() })
    row("subscribe(on:)", none, earlyEnd { $0.subscribe(on: ImmediateScheduler.shared) })
    row("throttle", none, earlyEnd { $0.throttle(for: .nanoseconds(13), scheduler: s, latest: true) })
    row("timeout", none, earlyEnd { $0.timeout(.nanoseconds(13), scheduler: s) })
    row("encode", fin, earlyEnd { $0.encode(encoder: JSONEncoder()) })
    row("decode", fin, earlyEnd { $0.decode(type: Int.self, decoder: NumberDecoder()) })
  }

  @Test func aValueBeforeTheSubscriptionDoesWhatCombinesDoes() {
    let s = DispatchQueue.test
    func row(_ name: String, _ expected: String, _ got: String) {
      #expect(got == expected, "\(name)")
    }
    let none = "[] max(0)"
    row("allSatisfy", none, earlyValue(0) { $0.allSatisfy { _ in true } })
    row("tryAllSatisfy", none, earlyValue(0) { $0.tryAllSatisfy { _ in true } })
    row(
      "buffer byRequest", none,
      earlyValue(0) { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest) })
    row(
      "buffer keepFull", none,
      earlyValue(0) { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) })
    row("collect(19)", none, earlyValue(42) { $0.collect(19) })
    row("collect()", none, earlyValue(0) { $0.collect() })
    row("compactMap", "[\"value(0)\"] max(42)", earlyValue(0) { $0.compactMap { $0 } })
    row("min", none, earlyValue(0) { $0.min() })
    row("max(by:)", none, earlyValue(0) { $0.max(by: <) })
    row("tryMin(by:)", none, earlyValue(0) { $0.tryMin(by: <) })
    row("append", none, earlyValue(12) { $0.append(1, 2, 3) })
    row(
      "prepend(empty)", "[\"subscription(Concatenate)\"] max(0)",
      earlyValue(12) { $0.prepend(Empty<Int, Never>(completeImmediately: true)) })
    row("contains", none, earlyValue(0) { $0.contains(0) })
    row("contains(where:)", none, earlyValue(0) { $0.contains { _ in true } })
    row("tryContains(where:)", none, earlyValue(0) { $0.tryContains { _ in true } })
    row("count", none, earlyValue(0) { $0.count() })
    row("debounce", none, earlyValue(42) { $0.debounce(for: .nanoseconds(13), scheduler: s) })
    row(
      "delay", none, earlyValue(213) { $0.delay(for: .seconds(0.35), scheduler: ImmediateScheduler.shared) })
    row("dropFirst(0)", "[\"subscription(Drop)\", \"value(0)\"] max(42)", earlyValue(0) { $0.dropFirst(0) })
    row(
      "Empty.drop(untilOutputFrom:)", "[\"subscription(DropUntilOutput)\", \"finished\"] max(0)",
      earlyValue(42) { Empty<Int, Never>().drop(untilOutputFrom: $0) })
    row("drop(while:)", none, earlyValue(0) { $0.drop { _ in true } })
    row("tryDrop(while:)", none, earlyValue(0) { $0.tryDrop { _ in true } })
    row("filter", "[\"value(0)\"] max(42)", earlyValue(0) { $0.filter { _ in true } })
    row("first", none, earlyValue(0) { $0.first() })
    row("first(where:)", none, earlyValue(0) { $0.first { _ in true } })
    row("tryFirst(where:)", none, earlyValue(0) { $0.tryFirst { _ in true } })
    row("flatMap", "[\"subscription(FlatMap)\"] max(0)", earlyValue(0) { $0.flatMap { _ in Just(0) } })
    row("handleEvents", "[\"value(144)\"] max(42)", earlyValue(144) { $0.handleEvents() })
    row("ignoreOutput", none, earlyValue(0) { $0.ignoreOutput() })
    row("last", none, earlyValue(0) { $0.last() })
    row("last(where:)", none, earlyValue(0) { $0.last { _ in true } })
    row("tryLast(where:)", none, earlyValue(0) { $0.tryLast { _ in true } })
    row("makeConnectable", "[\"subscription(Multicast)\"] max(0)", earlyValue(0) { $0.makeConnectable() })
    row("mapError", "[\"value(0)\"] max(42)", earlyValue(0) { $0.mapError(unreachable) })
    row("map keyPath", "[\"value(0)\"] max(42)", earlyValue(0) { $0.map(\.self) })
    row("map", "[\"value(0)\"] max(42)", earlyValue(0) { $0.map { $0 } })
    row("tryMap", "[\"value(0)\"] max(42)", earlyValue(0) { $0.tryMap { $0 } })
    row("measureInterval", none, earlyValue(213) { $0.measureInterval(using: ImmediateScheduler.shared) })
    row(
      "multicast", "[\"subscription(Multicast)\"] max(0)",
      earlyValue(0) { $0.multicast(PassthroughSubject.init) })
    row(
      "prefix(untilOutputFrom:)", none,
      earlyValue(31) { $0.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()) })
    row("print", "[\"value(0)\"] max(42)", earlyValue(0) { $0.print("", to: NullStream()) })
    row("receive(on:)", none, earlyValue(213) { $0.receive(on: ImmediateScheduler.shared) })
    row("reduce", none, earlyValue(0) { $0.reduce(0, +) })
    row("tryReduce", none, earlyValue(0) { $0.tryReduce(0, +) })
    row("replaceEmpty", none, earlyValue(213) { $0.replaceEmpty(with: 742) })
    row("replaceError", none, earlyValue(0) { $0.replaceError(with: 1) })
    row("scan", "[\"value(0)\"] max(42)", earlyValue(0) { $0.scan(0, +) })
    row("tryScan", "[\"value(0)\"] max(42)", earlyValue(0) { $0.tryScan(0, +) })
    row("setFailureType", "[\"value(0)\"] max(42)", earlyValue(0) { $0.setFailureType(to: TestError.self) })
    row("share", "[\"subscription(Multicast)\"] max(0)", earlyValue(0) { $0.share() })
    row("subscribe(on:)", none, earlyValue(213) { $0.subscribe(on: ImmediateScheduler.shared) })
    row("throttle", none, earlyValue(213) { $0.throttle(for: .nanoseconds(13), scheduler: s, latest: true) })
    row("timeout", none, earlyValue(42) { $0.timeout(.nanoseconds(13), scheduler: s) })
    row("encode", "[\"value(1 bytes)\"] max(42)", earlyValue(0) { $0.encode(encoder: JSONEncoder()) })
  }
}

/// The error a `Never` would be mapped to, which no call reaches (as the peer's `unreachable`).
func unreachable(_ never: Never) -> TestError {}

/// A stream that keeps nothing, for `print(_:to:)`.
struct NullStream: TextOutputStream {
  mutating func write(_ string: String) {}
}
