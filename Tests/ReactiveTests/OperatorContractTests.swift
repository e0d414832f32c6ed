import Reactive
import Testing

/// The contract every operator keeps, however its upstream behaves: it describes itself as Combine's
/// does, ignores events after the end, cancels a second subscription, and lets go of its downstream
/// and closures once the subscription is over. Combine's stateless operators (map, filter, compactMap,
/// scan, and dropFirst with a subscription of its own) keep none of this: they hand on whatever their
/// upstream sends, as OpenCombine's MapTests, FilterTests, CompactMapTests, ScanTests and DropTests
/// record, and are tested for that instead.
@Suite struct OperatorContractTests {
  @Test(arguments: OperatorCase.all)
  func upstreamSeesTheOperatorByItsCombineName(_ operatorCase: OperatorCase) throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    operatorCase.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(Recorder<Int, TestError>())
    upstream.giveSubscription()
    let inner = try #require(upstream.subscriber)
    #expect(String(describing: inner) == operatorCase.name)
    #expect(playgroundText(inner) == operatorCase.name)
    #expect(mirrorLabels(inner) == operatorCase.mirrorLabels)
  }

  @Test(arguments: OperatorCase.all)
  func downstreamGetsTheOperatorsSubscriptionOrTheUpstreamsAsInCombine(_ operatorCase: OperatorCase) throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let keeper = SubscriptionKeeper<Int, TestError>()
    operatorCase.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(keeper)
    upstream.giveSubscription()
    let subscription = try #require(keeper.subscription)
    if operatorCase.passesUpstreamSubscription {
      #expect(subscription is HandDrivenSubscription)
    } else {
      #expect(String(describing: subscription) == operatorCase.name)
      #expect(playgroundText(subscription) == operatorCase.name)
      #expect(mirrorLabels(subscription) == operatorCase.mirrorLabels)
    }
  }

  @Test(arguments: OperatorCase.all.filter { !$0.isStateless })
  func ignoresEverythingAfterTheCompletion(_ operatorCase: OperatorCase) {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    operatorCase.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    upstream.giveSubscription()
    upstream.send(1)
    upstream.send(completion: .finished)
    upstream.send(2)
    upstream.send(completion: .failure(.boom))
    upstream.giveSubscription()
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    #expect(upstream.subscriptions.last?.calls == [.cancel])
  }

  // Combine's stateless operators hand on a completion after the completion, a value after it, and
  // the downstream's demand for it (OpenCombine's FilterTests.testFilterUpstreamFinishesImmediately,
  // MapTests.testError); the subscription too (MapTests.testCancel: a value after the cancel still
  // arrives, since the upstream's subscription was the downstream's).
  @Test(arguments: OperatorCase.all.filter(\.passesUpstreamSubscription))
  func handsOnEverythingItIsSentAsCombineDoes(_ operatorCase: OperatorCase) {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(extra: .max(3))
    operatorCase.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    upstream.giveSubscription()
    #expect(upstream.send(1) == .max(3))
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(2) == .max(3))
    let second = upstream.giveSubscription()
    #expect(
      recorder.events == [
        .subscription, .value(1), .completion(.finished), .completion(.failure(.boom)), .value(2),
        .subscription,
      ])
    #expect(second.calls == [.request(.unlimited)])
  }

  @Test(arguments: OperatorCase.all.filter { !$0.passesUpstreamSubscription })
  func cancelsASecondSubscriptionInsteadOfPassingItOn(_ operatorCase: OperatorCase) {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    operatorCase.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
    let first = upstream.giveSubscription()
    let second = upstream.giveSubscription()
    upstream.send(1)
    #expect(second.calls == [.cancel])
    #expect(!first.calls.contains(.cancel))
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test(arguments: OperatorCase.all.filter { !$0.isStateless })
  func afterCancelIgnoresEventsAndPassesNoRequestOrCancelOn(_ operatorCase: OperatorCase) throws {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let keeper = SubscriptionKeeper<Int, TestError>()
    operatorCase.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(keeper)
    let first = upstream.giveSubscription()
    upstream.send(1)
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    let callsAtCancel = first.calls
    upstream.send(2)
    upstream.send(completion: .finished)
    subscription.request(.max(1))
    subscription.cancel()
    #expect(keeper.events == [.subscription, .value(1)])
    #expect(callsAtCancel.last == .cancel)
    #expect(first.calls == callsAtCancel)
  }

  @Test(arguments: OperatorCase.all.filter { !$0.isStateless && !$0.keepsItsDownstream })
  func releasesItsDownstreamAndClosuresAfterTheCompletion(_ operatorCase: OperatorCase) {
    let upstream = HandDrivenPublisher<Int, TestError>()
    weak var weakRecorder: Recorder<Int, TestError>?
    weak var weakToken: Token?
    do {
      let token = Token()
      let recorder = Recorder<Int, TestError>()
      weakToken = token
      weakRecorder = recorder
      operatorCase.apply(upstream.eraseToAnyPublisher(), token).subscribe(recorder)
      upstream.giveSubscription()
      upstream.send(1)
      upstream.send(completion: .finished)
      #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    }
    // The upstream still holds the operator's subscriber; the operator must have let go.
    #expect(upstream.subscriber != nil)
    #expect(weakRecorder == nil)
    #expect(weakToken == nil)
  }

  // A stateless operator holds its downstream and closures for as long as its upstream holds it, as
  // Combine's does; an upstream that lets go at the completion, as a subject does, frees them all.
  @Test(arguments: OperatorCase.all.filter(\.isStateless))
  func isLetGoWithItsDownstreamAndClosuresWhenASubjectFinishes(_ operatorCase: OperatorCase) {
    let subject = PassthroughSubject<Int, TestError>()
    weak var weakRecorder: Recorder<Int, TestError>?
    weak var weakToken: Token?
    do {
      let token = Token()
      let recorder = Recorder<Int, TestError>()
      weakToken = token
      weakRecorder = recorder
      operatorCase.apply(subject.eraseToAnyPublisher(), token).subscribe(recorder)
      subject.send(1)
      subject.send(completion: .finished)
      #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
    }
    #expect(weakRecorder == nil)
    #expect(weakToken == nil)
  }

  @Test(arguments: OperatorCase.all.filter { !$0.keepsNoEnd && !$0.keepsItsDownstream })
  func releasesItsDownstreamAndClosuresAfterCancel(_ operatorCase: OperatorCase) {
    // An operator that hands on the upstream's subscription never sees the cancel (Combine's map,
    // filter, compactMap and scan do not): its upstream lets it go, as a subject does.
    let subject = PassthroughSubject<Int, TestError>()
    let upstream = HandDrivenPublisher<Int, TestError>()
    weak var weakRecorder: Recorder<Int, TestError>?
    weak var weakToken: Token?
    do {
      let token = Token()
      let recorder = Recorder<Int, TestError>()
      weakToken = token
      weakRecorder = recorder
      if operatorCase.passesUpstreamSubscription {
        operatorCase.apply(subject.eraseToAnyPublisher(), token).subscribe(recorder)
        subject.send(1)
      } else {
        operatorCase.apply(upstream.eraseToAnyPublisher(), token).subscribe(recorder)
        upstream.giveSubscription()
        upstream.send(1)
      }
      recorder.cancel()
      #expect(recorder.events == [.subscription, .value(1)])
    }
    #expect(weakRecorder == nil)
    #expect(weakToken == nil)
    withExtendedLifetime((subject, upstream)) {}
  }
}

extension OperatorContractTests {
  // Combine's receive(on:), removeDuplicates, debounce and handleEvents keep their downstream until
  // they are released themselves, after the completion and after a cancel (OpenCombine's
  // `testReceiveOnLifecycle`, `testRemoveDuplicatesLifecycle` and, at 1b8a26b,
  // `testHandleEventsLifecycle`, with `cancellingSubscriptionReleasesSubscriber: false`;
  // `DebounceTests.testSetupTimerStrongCapture`).
  @Test(arguments: OperatorCase.all.filter { $0.keepsItsDownstream }, [false, true])
  func keepsItsDownstreamUntilItIsReleasedAsCombineDoes(_ operatorCase: OperatorCase, cancels: Bool) {
    weak var weakRecorder: Recorder<Int, TestError>?
    do {
      let upstream = HandDrivenPublisher<Int, TestError>()
      do {
        let recorder = Recorder<Int, TestError>()
        weakRecorder = recorder
        operatorCase.apply(upstream.eraseToAnyPublisher(), Token()).subscribe(recorder)
        upstream.giveSubscription()
        upstream.send(1)
        if cancels {
          recorder.cancel()
        } else {
          upstream.send(completion: .finished)
        }
      }
      // The upstream still holds the operator, which still holds its downstream.
      #expect(upstream.subscriber != nil)
      #expect(weakRecorder != nil)
    }
    #expect(weakRecorder == nil)
  }
}

/// One operator under the contract tests, set up to pass every value on unchanged, with a closure that
/// captures a token where the operator takes closures; the time-based ones run on the immediate
/// scheduler.
struct OperatorCase: Sendable, CustomTestStringConvertible {
  /// What Combine's subscriber and subscription for the operator call themselves.
  let name: String
  /// Whether the operator hands its downstream the upstream's subscription, as Combine's map, filter,
  /// compactMap and scan do, rather than a subscription of its own.
  let passesUpstreamSubscription: Bool
  /// The labels of the children of Combine's mirror of the operator.
  let mirrorLabels: [String?]
  /// Whether the operator keeps no end of its own and hands on whatever its upstream sends, even
  /// after the completion, as Combine's map, filter, compactMap, scan, dropFirst and handleEvents do
  /// (the last two with a subscription of their own: see DropFirstTests and HandleEventsTests).
  var isStateless: Bool { passesUpstreamSubscription || keepsNoEnd }
  /// Whether the operator, though it hands its downstream a subscription of its own, has no end of
  /// its own, as Combine's dropFirst and handleEvents.
  var keepsNoEnd = false
  /// Whether the operator keeps its downstream until it is released itself, even after the
  /// completion or a cancel, as Combine's receive(on:), removeDuplicates, debounce and handleEvents do.
  var keepsItsDownstream: Bool {
    ["ReceiveOn", "RemoveDuplicates", "Debounce", "HandleEvents"].contains(name)
  }
  let apply: @Sendable (AnyPublisher<Int, TestError>, Token) -> AnyPublisher<Int, TestError>

  var testDescription: String { name }

  static let all: [OperatorCase] = [
    OperatorCase(name: "Map", passesUpstreamSubscription: true, mirrorLabels: []) { upstream, token in
      upstream.map { value in withExtendedLifetime(token) { value } }.eraseToAnyPublisher()
    },
    OperatorCase(name: "Filter", passesUpstreamSubscription: true, mirrorLabels: []) { upstream, token in
      upstream.filter { _ in withExtendedLifetime(token) { true } }.eraseToAnyPublisher()
    },
    OperatorCase(name: "CompactMap", passesUpstreamSubscription: true, mirrorLabels: []) {
      upstream, token in
      upstream.compactMap { value -> Int? in withExtendedLifetime(token) { value } }.eraseToAnyPublisher()
    },
    OperatorCase(name: "Scan", passesUpstreamSubscription: true, mirrorLabels: ["downstream", "result"]) {
      upstream, token in
      upstream.scan(0) { _, value in withExtendedLifetime(token) { value } }.eraseToAnyPublisher()
    },
    OperatorCase(
      name: "RemoveDuplicates", passesUpstreamSubscription: false, mirrorLabels: ["downstream", "last"]
    ) { upstream, token in
      upstream.removeDuplicates { _, _ in withExtendedLifetime(token) { false } }.eraseToAnyPublisher()
    },
    OperatorCase(name: "Drop", passesUpstreamSubscription: false, mirrorLabels: [], keepsNoEnd: true) {
      upstream, _ in
      upstream.dropFirst(0).eraseToAnyPublisher()
    },
    OperatorCase(name: "HandleEvents", passesUpstreamSubscription: false, mirrorLabels: [], keepsNoEnd: true)
    {
      upstream, token in
      upstream.handleEvents(receiveOutput: { _ in withExtendedLifetime(token) {} }).eraseToAnyPublisher()
    },
    OperatorCase(name: "ReceiveOn", passesUpstreamSubscription: false, mirrorLabels: []) { upstream, _ in
      upstream.receive(on: ImmediateScheduler.shared).eraseToAnyPublisher()
    },
    OperatorCase(
      name: "Debounce", passesUpstreamSubscription: false,
      mirrorLabels: ["downstream", "downstreamDemand", "currentValue"]
    ) { upstream, _ in
      upstream.debounce(for: 0, scheduler: ImmediateScheduler.shared).eraseToAnyPublisher()
    },
  ]
}
