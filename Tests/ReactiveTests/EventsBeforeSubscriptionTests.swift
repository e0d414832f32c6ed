import Reactive
import Testing

/// What an operator does with a value or completion its upstream sends before the subscription, as
/// OpenCombine's `…ReceiveValueBeforeSubscription` and `…ReceiveCompletionBeforeSubscription` tests
/// record Combine's: the filtering operators stop the process (`expected: .crash` for `tryFilter`,
/// `tryCompactMap`, `prefix(while:)`, `tryPrefix(while:)`, `removeDuplicates` and
/// `tryRemoveDuplicates`), `drop(while:)` ignores them
/// (`expected: .history([], demand: .none)` and `.history([])`).
@Suite struct EventsBeforeSubscriptionTests {
  /// The operators that trap, each attached to a hand-driven upstream, which is returned.
  enum Trapping: String, CaseIterable, Codable, Sendable {
    case tryFilter, tryCompactMap, prefixWhile, tryPrefixWhile, removeDuplicates, tryRemoveDuplicates

    func attach() -> HandDrivenPublisher<Int, TestError> {
      let upstream = HandDrivenPublisher<Int, TestError>()
      switch self {
      case .tryFilter: upstream.tryFilter { _ in true }.subscribe(SubscriptionProbe<Int, any Error>())
      case .tryCompactMap: upstream.tryCompactMap { $0 }.subscribe(SubscriptionProbe<Int, any Error>())
      case .prefixWhile: upstream.prefix { _ in true }.subscribe(SubscriptionProbe<Int, TestError>())
      case .tryPrefixWhile: upstream.tryPrefix { _ in true }.subscribe(SubscriptionProbe<Int, any Error>())
      case .removeDuplicates: upstream.removeDuplicates().subscribe(SubscriptionProbe<Int, TestError>())
      case .tryRemoveDuplicates:
        upstream.tryRemoveDuplicates { _, _ in false }.subscribe(SubscriptionProbe<Int, any Error>())
      }
      return upstream
    }

    /// Combine's name for the operator, which its message starts with.
    var combineName: String {
      switch self {
      case .tryFilter: "TryFilter"
      case .tryCompactMap: "TryCompactMap"
      case .prefixWhile: "PrefixWhile"
      case .tryPrefixWhile: "TryPrefixWhile"
      case .removeDuplicates: "RemoveDuplicates"
      case .tryRemoveDuplicates: "TryRemoveDuplicates"
      }
    }
  }

  /// Whether the process exits with a failure and `message` on its standard error.
  static func stops(_ message: String, _ result: ExitTest.Result?) -> Bool {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self).contains(message)
  }

  @Test(arguments: Trapping.allCases)
  func aValueBeforeTheSubscriptionStopsTheProcess(_ trapping: Trapping) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      [trapping] in
      _ = trapping.attach().send(1)
    }
    #expect(Self.stops("\(trapping.combineName) received a value before its subscription", result))
  }

  @Test(arguments: Trapping.allCases)
  func aCompletionBeforeTheSubscriptionStopsTheProcess(_ trapping: Trapping) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      [trapping] in
      trapping.attach().send(completion: .finished)
    }
    #expect(Self.stops("\(trapping.combineName) received a completion before its subscription", result))
  }

  // OpenCombine's …RequestBeforeSubscription tests (shouldCrash: true): a request made of the
  // operator's subscription before its upstream gave it one.
  @Test(arguments: Trapping.allCases)
  func aRequestBeforeTheSubscriptionStopsTheProcess(_ trapping: Trapping) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      [trapping] in
      (trapping.attach().subscriber as? any Subscription)?.request(.max(1))
    }
    #expect(Self.stops("\(trapping.combineName) received a request before its subscription", result))
  }

  // OpenCombine's DropUntilOutputTests.testDropUntilOutputReceiveValueBeforeSubscription.
  @Test func aDropUntilOutputValueBeforeTheSubscriptionStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.drop(untilOutputFrom: PassthroughSubject<Int, TestError>())
        .subscribe(SubscriptionProbe<Int, TestError>())
      _ = upstream.send(1)
    }
    #expect(Self.stops("DropUntilOutput received a value before its subscription", result))
  }

  // OpenCombine's RetryTests.testRetryReceiveValueBeforeSubscription (expected: .crash).
  @Test func aRetryValueBeforeTheSubscriptionStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let upstream = HandDrivenPublisher<Int, TestError>()
      upstream.retry(3).subscribe(SubscriptionProbe<Int, TestError>())
      _ = upstream.send(1)
    }
  }

  // OpenCombine's RetryTests.testRetryReceiveCompletionBeforeSubscription: the completion reaches the
  // downstream, which has had no subscription.
  @Test func retryHandsOnAFinishBeforeTheSubscription() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.retry(3).subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.completion(.finished)])
  }

  @Test func dropWhileIgnoresAValueAndACompletionBeforeTheSubscription() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.drop { _ in false }.subscribe(recorder)
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events.isEmpty)
  }
}
