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
