import Dispatch
import Reactive
import Testing

@Suite struct FutureTests {
  @Test func runsItsClosureAtOnceAndDeliversTheValueOnDemand() {
    var runs = 0
    let future = Future<Int, Never> { promise in
      runs += 1
      promise(.success(3))
    }
    #expect(runs == 1)
    let recorder = Recorder<Int, Never>(request: .none)
    future.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(3), .completion(.finished)])
    #expect(runs == 1)
  }

  @Test func everySubscriberEarlyOrLateGetsTheSameResult() {
    var fulfil: Future<String, Never>.Promise?
    let future = Future<String, Never> { fulfil = $0 }
    let early = Recorder<String, Never>()
    future.subscribe(early)
    #expect(early.events == [.subscription])
    fulfil?(.success("done"))
    fulfil?(.success("again"))
    let late = Recorder<String, Never>()
    future.subscribe(late)
    #expect(early.events == [.subscription, .value("done"), .completion(.finished)])
    #expect(late.events == early.events)
  }

  @Test func aFailureArrivesWithoutDemand() {
    let future = Future<Int, TestError> { $0(.failure(.boom)) }
    let recorder = Recorder<Int, TestError>(request: .none)
    future.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func aCancelledSubscriberReceivesNothing() {
    var fulfil: Future<Int, Never>.Promise?
    let future = Future<Int, Never> { fulfil = $0 }
    let recorder = Recorder<Int, Never>()
    future.subscribe(recorder)
    recorder.cancel()
    fulfil?(.success(1))
    #expect(recorder.events == [.subscription])
  }

  @Test func theCancelledSubscriberIsLetGo() {
    var fulfil: Future<Int, Never>.Promise?
    let future = Future<Int, Never> { fulfil = $0 }
    weak var weakRecorder: Recorder<Int, Never>?
    do {
      let recorder = Recorder<Int, Never>()
      weakRecorder = recorder
      future.subscribe(recorder)
      recorder.cancel()
    }
    #expect(weakRecorder == nil)
    fulfil?(.success(1))
  }

  @Test(.tags(.realClock)) func aPromiseCalledFromAnotherThreadReachesEverySubscriber() {
    let queue = DispatchQueue(label: "FutureTests.promise")
    // Combine's promise is not Sendable either; the future makes calling it from any thread safe.
    let future = Future<Int, Never> { promise in
      nonisolated(unsafe) let promise = promise
      queue.asyncAfter(deadline: .now() + .milliseconds(5)) { promise(.success(9)) }
    }
    let done = DispatchSemaphore(value: 0)
    let values = Locked<[Int]>([])
    let cancellables = (0..<4).map { _ in
      future.sink { value in
        values.append(value)
        done.signal()
      }
    }
    for _ in 0..<4 { #expect(wait(for: done)) }
    #expect(values.value == [9, 9, 9, 9])
    withExtendedLifetime(cancellables) {}
  }

  // OpenCombine's FutureTests.testFutureFailure, at 1c850fc (the version stored).
  @Test func aFailurePromisedAfterSubscriptionEndsTheStreamWithNoValue() {
    var fulfil: Future<Int, TestError>.Promise?
    let future = Future<Int, TestError> { fulfil = $0 }
    let recorder = Recorder<Int, TestError>()
    future.subscribe(recorder)
    fulfil?(.failure(.boom))
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  // OpenCombine's FutureTests.testWaitsForDemandSuccess, at 1c850fc.
  @Test func aValuePromisedBeforeAnyDemandWaitsForTheFirstRequest() {
    var fulfil: Future<Int, Never>.Promise?
    let future = Future<Int, Never> { fulfil = $0 }
    let recorder = Recorder<Int, Never>(request: .none)
    future.subscribe(recorder)
    fulfil?(.success(42))
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(42), .completion(.finished)])
  }

  // OpenCombine's FutureTests.testCancellation, at 1c850fc: a second cancel and a request after the
  // cancel change nothing.
  @Test func aSubscriptionCancelledTwiceAndAskedAgainDeliversNothing() throws {
    var fulfil: Future<Int, Never>.Promise?
    let future = Future<Int, Never> { fulfil = $0 }
    let keeper = DemandKeeper<Int, Never>()
    future.subscribe(keeper)
    let subscription = try #require(keeper.subscription)
    subscription.cancel()
    subscription.cancel()
    subscription.request(.max(1))
    fulfil?(.success(42))
    #expect(keeper.events == [.subscription])
  }

  // OpenCombine's FutureTests.testCrashesOnZeroDemand, at 1c850fc.
  @Test func aZeroRequestStopsTheProcessWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let recorder = Recorder<Int, Never>(request: .none)
      Future<Int, Never> { _ in }.subscribe(recorder)
      recorder.request(.none)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a subscriber must request at least one value"))
  }

  // OpenCombine's FutureTests.testValueRecursion, testFinishedRecursion and testFailureRecursion, at
  // 1c850fc: the promise called again from inside the delivery of the result is ignored.
  @Test func aPromiseCalledAgainWhileTheResultIsDeliveredIsIgnored() {
    for first in [Result<Int, TestError>.success(0), .failure(.boom)] {
      var fulfil: Future<Int, TestError>.Promise?
      let future = Future<Int, TestError> { fulfil = $0 }
      var events: [Event<Int, TestError>] = []
      future.subscribe(
        AnySubscriber(
          receiveSubscription: {
            events.append(.subscription)
            $0.request(.unlimited)
          },
          receiveValue: {
            events.append(.value($0))
            fulfil?(.success($0 + 1))
            return .none
          },
          receiveCompletion: {
            events.append(.completion($0))
            fulfil?(.success(42))
          }))
      fulfil?(first)
      switch first {
      case .success(let value):
        #expect(events == [.subscription, .value(value), .completion(.finished)])
      case .failure(let failure):
        #expect(events == [.subscription, .completion(.failure(failure))])
      }
    }
  }

  // OpenCombine's FutureTests.testReleasesEverythingOnTermination, at 1c850fc.
  @Test func theSubscriberTheSubscriptionAndTheFutureAreLetGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      weak var weakFuture: Future<Int, TestError>?
      weak var weakSubscription: AnyObject?
      weak var weakToken: Token?
      do {
        var fulfil: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { fulfil = $0 }
        weakFuture = future
        do {
          let token = Token()
          weakToken = token
          var held: (any Subscription)?
          future.subscribe(
            AnySubscriber<Int, TestError>(
              receiveSubscription: {
                held = $0
                weakSubscription = $0 as AnyObject
                $0.request(.max(1))
              },
              receiveValue: { _ in
                withExtendedLifetime((token, held)) {}
                return .none
              },
              receiveCompletion: { _ in withExtendedLifetime((token, held)) {} }))
        }
        #expect(weakToken != nil, "the waiting subscription holds its subscriber")
        switch ending {
        case .cancel: (weakSubscription as? any Subscription)?.cancel()
        case .finish: fulfil?(.success(1))
        case .fail: fulfil?(.failure(.boom))
        }
        #expect(weakToken == nil, "subscriber, \(ending)")
        #expect(weakSubscription == nil, "subscription, \(ending)")
      }
      #expect(weakFuture == nil, "future, \(ending)")
    }
  }

  // OpenCombine's FutureTests.testConduitReflection.
  @Test func describesItselfAsCombineDoes() throws {
    let pending = reflection(of: Future<Int, Never> { _ in })
    #expect(pending.description == "Future")
    #expect(pending.playground == "Future")
    #expect(pending.children == ["parent", "downstream", "hasAnyDemand", "subject"])
    let probe = SubscriptionProbe<Int, TestError>()
    Future<Int, TestError> { $0(.failure(.boom)) }.subscribe(probe)
    let values = Mirror(reflecting: try #require(probe.subscription)).children.map {
      String(describing: $0.value)
    }
    #expect(values == ["nil", "nil", "false", "nil"])
  }
}
