import Reactive
import Testing

@Suite struct BufferTests {
  @Test func keepsValuesUntilTheDownstreamAsksThenDeliversThemInOrder() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    for value in 1...3 {
      #expect(upstream.send(value) == .none)
    }
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(5))
    upstream.send(4)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
  }

  @Test func whenFullDropNewestDropsTheValuesThatDoNotFit() {
    #expect(
      overflowHistory(.dropNewest) == [
        .subscription, .value(1), .value(2), .value(3), .completion(.finished),
      ])
  }

  @Test func whenFullDropOldestKeepsTheLatestValues() {
    #expect(
      overflowHistory(.dropOldest) == [
        .subscription, .value(3), .value(4), .value(5), .completion(.finished),
      ])
  }

  @Test func whenFullCustomErrorCancelsTheUpstreamAndFailsAtTheNextRequest() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .customError { .other }).subscribe(recorder)
    for value in 1...5 {
      upstream.send(value)
    }
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.other))])
  }

  /// As Combine's (OpenCombine's BufferTests.testReceiveValueAfterFinishing at 1b8a26b): `.finished`
  /// comes after every value buffered, at a request that finds the buffer empty.
  @Test func finishedArrivesAfterEveryValueBufferedWhenTheDownstreamAsksAgain() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)
    upstream.send(3)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  /// As Combine's (OpenCombine's BufferTests.testReceiveValueAfterFinishing at 1b8a26b): with nothing
  /// buffered and nothing asked, `.finished` waits for a request.
  @Test func finishedWithNothingBufferedWaitsForARequest() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func finishedReachesADownstreamThatHasAskedAtOnce() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(1))
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func anUpstreamFailureArrivesAtOnceAndDropsWhatIsBuffered() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  /// After an upstream failure, passed on at once, the completions and values that follow are ignored
  /// and later requests deliver nothing (OpenCombine's BufferTests.testReceiveValueAfterFailing, at
  /// 1b8a26b).
  @Test func whatFollowsAnUpstreamFailureIsIgnored() {
    let upstream = ManualPublisher<Int, TestError>()
    let events = Locked<[Event<Int, TestError>]>([])
    let held = Locked<(any Subscription)?>(nil)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(
      AnySubscriber(
        receiveSubscription: { subscription in
          events.append(.subscription)
          held.withLock { $0 = subscription }
        },
        receiveValue: { value in
          events.append(.value(value))
          return .none
        },
        receiveCompletion: { events.append(.completion($0)) }))
    upstream.send(completion: .failure(.boom))
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.other))
    #expect(events.value == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    // Asked through the subscription kept after the failure.
    held.value?.request(.max(2))
    held.value?.request(.max(1))
    #expect(events.value == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func keepFullAsksForTheSizeThenOneMoreForEachValueDelivered() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(5))])
    for value in 0..<5 {
      #expect(upstream.send(value) == .none)
    }
    recorder.request(.max(3))
    #expect(upstream.subscription.calls == [.request(.max(5)), .request(.max(3))])
    recorder.request(.unlimited)
    // With the buffer empty and the downstream asking, a value goes straight through and is replaced.
    #expect(upstream.send(5) == .max(1))
    #expect(upstream.subscription.calls == [.request(.max(5)), .request(.max(3)), .request(.max(2))])
    #expect(recorder.values == [0, 1, 2, 3, 4, 5])
  }

  @Test func byRequestAsksForEverythingBeforeTheDownstreamHasItsSubscription() {
    let upstream = HandDrivenPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    let subscription = upstream.giveSubscription()
    #expect(subscription.calls == [.request(.unlimited)])
    #expect(recorder.events == [.subscription])
  }

  /// OpenCombine's BufferTests.testInitialDemandWithKeepFullPrefetchStrategy and
  /// testInitialDemandWithByRequestPrefetchStrategy, at 1b8a26b: the upstream is asked while the
  /// downstream has nothing yet.
  @Test func eachPrefetchAsksTheUpstreamBeforeTheDownstreamHasItsSubscription() {
    final class Watching: Subscription, @unchecked Sendable {
      let seen = Locked<[String]>([])
      var recorder: Recorder<Int, TestError>?
      func request(_ demand: Subscribers.Demand) {
        seen.append("\(demand) with \(recorder?.events.count ?? -1) events downstream")
      }
      func cancel() {}
    }
    for (prefetch, asked) in [(Publishers.PrefetchStrategy.keepFull, "max(42)"), (.byRequest, "unlimited")] {
      let upstream = HandDrivenPublisher<Int, TestError>()
      let recorder = Recorder<Int, TestError>(request: .none)
      upstream.buffer(size: 42, prefetch: prefetch, whenFull: .dropOldest).subscribe(recorder)
      #expect(recorder.events.isEmpty)
      let subscription = Watching()
      subscription.recorder = recorder
      upstream.subscriber?.receive(subscription: subscription)
      #expect(subscription.seen.value == ["\(asked) with 0 events downstream"])
      #expect(recorder.events == [.subscription])
    }
  }

  @Test func aRequestFromInsideADeliveryIsServedByTheLoopUnderWay() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Locked<Recorder<Int, TestError>?>(nil)
    let inner = Recorder<Int, TestError>(request: .none) { _ in recorder.value?.request(.max(1)) }
    recorder.withLock { $0 = inner }
    upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(inner)
    for value in 0..<5 {
      upstream.send(value)
    }
    inner.request(.max(1))
    upstream.send(5)
    #expect(inner.values == [0, 1, 2, 3, 4, 5])
  }

  @Test func cancelCancelsTheUpstreamAndDropsWhatIsBuffered() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    upstream.send(2)
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(
      of: PassthroughSubject<Int, TestError>().buffer(size: 1, prefetch: .keepFull, whenFull: .dropOldest))
    #expect(reflected.description == "Buffer")
    #expect(reflected.playground == "Buffer")
    // OpenCombine's BufferTests.testBufferReflection, on the subscriber upstream sees.
    let upstream = CapturingPublisher<Int, TestError>()
    upstream.buffer(size: 13, prefetch: .keepFull, whenFull: .dropNewest).subscribe(
      SubscriptionProbe<Int, TestError>())
    let described = upstream.described
    #expect(described.description == "Buffer")
    #expect(described.labels == ["values", "state", "downstreamDemand", "terminal"])
    #expect(described.values[0] == "[]")
    #expect(described.values[2] == "max(0)")
    #expect(described.values[3] == "nil")
  }

  @Test func letsTheDownstreamAndTheErrorClosureGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, token in
        upstream.buffer(
          size: 2, prefetch: .byRequest, whenFull: .customError { withExtendedLifetime(token) { .boom } })
      }
      #expect(released.downstream && released.captured, "\(ending)")
    }
  }

  /// Every prefetch with every strategy: a request made, and one for nothing, from inside each delivery
  /// keeps values going straight through a buffer of 5, ten of them; keepFull answers each with one
  /// more, having asked for the size once (OpenCombine's BufferTests testRecursionByRequestDropNewest
  /// to testRecursionKeepFullCustomError, at 1b8a26b).
  @Test func requestsFromInsideEachDeliveryLetEveryValueThrough() {
    for prefetch in [Publishers.PrefetchStrategy.byRequest, .keepFull] {
      for (name, whenFull) in strategies {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Locked<Recorder<Int, TestError>?>(nil)
        let inner = Recorder<Int, TestError>(request: .max(3)) { _ in
          recorder.value?.request(.max(1))
          recorder.value?.request(.none)
        }
        recorder.withLock { $0 = inner }
        upstream.buffer(size: 5, prefetch: prefetch, whenFull: whenFull).subscribe(inner)
        let answers = (0..<10).map { upstream.send($0) }
        #expect(answers == Array(repeating: prefetch == .keepFull ? .max(1) : .none, count: 10), "\(name)")
        #expect(inner.values == Array(0..<10), "\(name)")
        #expect(
          upstream.subscription.calls == [.request(prefetch == .keepFull ? .max(5) : .unlimited)], "\(name)")
      }
    }
  }

  /// A downstream asking for everything gets every value at once; keepFull answers each with one more
  /// (OpenCombine's BufferTests testRequestingUnlimitedDemandByRequestDropNewest to
  /// testRequestingUnlimitedDemandKeepFullCustomError, at 1b8a26b).
  @Test func anUnlimitedDownstreamGetsEveryValueAtOnce() {
    for prefetch in [Publishers.PrefetchStrategy.byRequest, .keepFull] {
      for (name, whenFull) in strategies {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        upstream.buffer(size: 5, prefetch: prefetch, whenFull: whenFull).subscribe(recorder)
        let answers = (0..<10).map { upstream.send($0) }
        #expect(answers == Array(repeating: prefetch == .keepFull ? .max(1) : .none, count: 10), "\(name)")
        #expect(recorder.values == Array(0..<10), "\(name)")
        #expect(
          upstream.subscription.calls == [.request(prefetch == .keepFull ? .max(5) : .unlimited)], "\(name)")
      }
    }
  }

  /// Ten values into a buffer of 5 nobody has asked of, then requests for 3 and 1: the strategy picks
  /// what is kept, and keepFull asks the upstream for as many as each request delivered, even of the
  /// upstream the full buffer's error cancelled (OpenCombine's BufferTests
  /// testRequestingFiniteDemandByRequestDropNewest to testRequestingFiniteDemandKeepFullCustomError, at
  /// 1b8a26b).
  @Test func finiteRequestsAfterAnOverflowGetWhatTheStrategyKept() {
    let delivered: [String: [Event<Int, TestError>]] = [
      "dropNewest": [.subscription, .value(0), .value(1), .value(2), .value(3)],
      "dropOldest": [.subscription, .value(5), .value(6), .value(7), .value(8)],
      "customError": [.subscription, .value(0), .value(1), .value(2), .completion(.failure(.other))],
    ]
    for prefetch in [Publishers.PrefetchStrategy.byRequest, .keepFull] {
      for (name, whenFull) in strategies {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, TestError>(request: .none)
        upstream.buffer(size: 5, prefetch: prefetch, whenFull: whenFull).subscribe(recorder)
        let answers = (0..<10).map { upstream.send($0) }
        #expect(answers == Array(repeating: .none, count: 10), "\(name)")
        let first: RecordingSubscription.Call = .request(prefetch == .keepFull ? .max(5) : .unlimited)
        let failing = name == "customError"
        #expect(upstream.subscription.calls == (failing ? [first, .cancel] : [first]), "\(prefetch) \(name)")
        recorder.request(.max(3))
        recorder.request(.max(1))
        #expect(recorder.events == delivered[name], "\(prefetch) \(name)")
        let asked: [RecordingSubscription.Call] =
          switch (prefetch, failing) {
          case (.byRequest, false): [first]
          case (.byRequest, true): [first, .cancel]
          case (.keepFull, false): [first, .request(.max(3)), .request(.max(1))]
          case (.keepFull, true): [first, .cancel, .request(.max(3))]
          }
        #expect(upstream.subscription.calls == asked, "\(prefetch) \(name)")
      }
    }
  }

  /// A second subscription, and the first one sent again, are cancelled; the downstream's cancel
  /// cancels the first once more (OpenCombine's BufferTests
  /// testBufferByRequestDropNewestReceiveSubscriptionTwice to
  /// testBufferKeepFullCustomErrorReceiveSubscriptionTwice, at 1b8a26b).
  @Test func aSecondSubscriptionIsCancelled() {
    for (name, whenFull) in strategies {
      #expect(
        twice { $0.buffer(size: 2, prefetch: .keepFull, whenFull: whenFull) }
          == "max(2) | cancel | max(2),cancel | max(2),cancel,cancel", "\(name)")
      #expect(
        twice { $0.buffer(size: 2, prefetch: .byRequest, whenFull: whenFull) }
          == "unlimited | cancel | unlimited,cancel | unlimited,cancel,cancel", "\(name)")
    }
  }

  /// A value sent into the buffer from inside its customError closure stops the process, as Combine's
  /// does (OpenCombine's BufferTests.testDeadlockWhenErroringOnFullBuffer, at 1b8a26b, there with a
  /// buffer of none that a downstream has asked of, whose value goes straight through ours without
  /// the closure, so here a buffer of one fills up): it hung.
  @Test func aValueSentFromInsideTheCustomErrorClosureStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = ManualPublisher<Int, TestError>()
      upstream.buffer(
        size: 1, prefetch: .keepFull,
        whenFull: .customError {
          upstream.send(1000)
          return .boom
        }
      ).subscribe(Recorder<Int, TestError>(request: .none))
      upstream.send(0)
      upstream.send(1)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Buffer received a value from inside its customError closure"))
  }

  /// The three strategies, by name.
  private var strategies: [(String, Publishers.BufferingStrategy<TestError>)] {
    [("dropNewest", .dropNewest), ("dropOldest", .dropOldest), ("customError", .customError { .other })]
  }

  /// Sends 1 to 5 into a buffer of 3 that nobody has asked anything of, finishes, then asks for all.
  private func overflowHistory(_ whenFull: Publishers.BufferingStrategy<TestError>) -> [Event<Int, TestError>]
  {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.buffer(size: 3, prefetch: .byRequest, whenFull: whenFull).subscribe(recorder)
    for value in 1...5 {
      upstream.send(value)
    }
    upstream.send(completion: .finished)
    recorder.request(.unlimited)
    return recorder.events
  }
}
