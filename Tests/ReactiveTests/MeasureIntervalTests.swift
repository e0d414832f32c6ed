import Dispatch
import Reactive
import Testing

@Suite struct MeasureIntervalTests {
  typealias Stride = DispatchQueue.SchedulerTimeType.Stride

  @Test func replacesEachValueWithTheTimeSinceThePreviousOne() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Stride, TestError>()
    scheduler.advance(by: .seconds(5))
    subject.measureInterval(using: scheduler).subscribe(recorder)
    scheduler.advance(by: .milliseconds(250))
    subject.send(1)
    scheduler.advance(by: .seconds(1))
    subject.send(2)
    subject.send(3)
    subject.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(.milliseconds(250)), .value(.seconds(1)), .value(.nanoseconds(0)),
        .completion(.finished),
      ])
  }

  @Test func onlyReadsTheSchedulersClockAtTheSubscriptionAndEachValue() {
    let scheduler = RecordingScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Stride, TestError>()
    subject.measureInterval(using: scheduler).subscribe(recorder)
    #expect(scheduler.calls == [.now])
    subject.send(1)
    subject.send(2)
    #expect(scheduler.calls == [.now, .now, .now])
    recorder.cancel()
    subject.send(3)
    #expect(scheduler.calls == [.now, .now, .now])
    #expect(recorder.events == [.subscription, .value(.nanoseconds(0)), .value(.nanoseconds(0))])
  }

  @Test func passesAFailureOnAndIgnoresWhatFollows() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Stride, TestError>()
    upstream.measureInterval(using: scheduler).subscribe(recorder)
    scheduler.advance(by: .milliseconds(10))
    upstream.send(1)
    upstream.send(completion: .failure(.boom))
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(.milliseconds(10)), .completion(.failure(.boom))])
  }

  @Test func passesDemandOnAndRequestsWhatAValueReturns() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Stride, TestError>(request: .max(2), extra: .max(1))
    upstream.measureInterval(using: DispatchQueue.test).subscribe(recorder)
    #expect(upstream.send(1) == .none)
    recorder.request(.max(4))
    #expect(upstream.subscription.calls == [.request(.max(2)), .request(.max(1)), .request(.max(4))])
  }

  // OpenCombine's MeasureIntervalTests.testRequest at 1b8a26b: every request goes upstream as it is,
  // a zero one too.
  @Test func passesAZeroRequestOnAsItIs() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Stride, TestError>(request: .max(2))
    upstream.measureInterval(using: DispatchQueue.test).subscribe(recorder)
    recorder.request(.unlimited)
    recorder.request(.none)
    #expect(upstream.subscription.calls == [.request(.max(2)), .request(.unlimited), .request(.none)])
  }

  @Test func cancelCancelsTheUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Stride, TestError>()
    upstream.measureInterval(using: DispatchQueue.test).subscribe(recorder)
    recorder.cancel()
    upstream.send(1)
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(
      of: PassthroughSubject<Int, TestError>().measureInterval(using: DispatchQueue.test))
    #expect(reflected.description == "MeasureInterval")
    #expect(reflected.playground == "MeasureInterval")
    #expect(reflected.children == [])
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in upstream.measureInterval(using: DispatchQueue.test)
      }
      #expect(released.downstream, "\(ending)")
    }
  }

  // OpenCombine's MeasureIntervalTests.testBasicBehavior, at 1b8a26b: each interval is the distance
  // from the previous reading of the clock, negative when the clock went back; the completion reads
  // no clock.
  @Test func measuresAClockThatGoesBackAsANegativeInterval() {
    let clock = HandSetClock()
    clock.now = testTime(0).advanced(by: .nanoseconds(3))
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Stride, TestError>(request: .max(13))
    upstream.measureInterval(using: clock).subscribe(recorder)
    for (value, nanoseconds) in [(1, 14), (2, 17), (3, 10), (4, 21)] {
      clock.now = testTime(0).advanced(by: .nanoseconds(nanoseconds))
      #expect(upstream.send(value) == .none)
    }
    upstream.send(completion: .finished)
    #expect(clock.readings == 5)
    #expect(upstream.subscription.calls == [.request(.max(13))])
    #expect(
      recorder.events == [
        .subscription, .value(.nanoseconds(11)), .value(.nanoseconds(3)), .value(.nanoseconds(-7)),
        .value(.nanoseconds(11)), .completion(.finished),
      ])
  }

  // OpenCombine's MeasureIntervalTests.testRequest, at 1b8a26b: the request a value's demand makes
  // may send the next value from inside it, and that one is measured and delivered too.
  @Test func aValueSentFromInsideTheRequestItsPredecessorMadeIsDelivered() {
    let upstream = ReenteringUpstream()
    let recorder = Recorder<Stride, TestError>(request: .none, extra: .max(1))
    upstream.measureInterval(using: DispatchQueue.test).subscribe(recorder)
    var left = 5
    upstream.onRequest = {
      guard left > 0 else { return }
      left -= 1
      #expect(upstream.send(0) == .none)
    }
    #expect(upstream.send(0) == .none)
    upstream.onRequest = {}
    recorder.request(.max(2))
    upstream.fail(.boom)
    #expect(upstream.requests == Array(repeating: .max(1), count: 6) + [.max(2)])
    #expect(
      recorder.events == [.subscription] + Array(repeating: .value(.zero), count: 6) + [
        .completion(.failure(.boom))
      ])
  }
}

/// A scheduler whose clock the test sets, forward or back; it runs no work.
private final class HandSetClock: Scheduler, @unchecked Sendable {
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = DispatchQueue.SchedulerOptions

  private var time = testTime(0)
  /// How many times `now` was read.
  private(set) var readings = 0

  var now: SchedulerTimeType {
    get {
      readings += 1
      return time
    }
    set { time = newValue }
  }

  var minimumTolerance: SchedulerTimeType.Stride { .zero }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {}

  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {}

  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable { AnyCancellable {} }
}

/// An upstream that is its own subscription and runs `onRequest` inside each request: for sending a
/// value from inside the request a value's demand made.
private final class ReenteringUpstream: Publisher, Subscription, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = TestError

  private var subscriber: AnySubscriber<Int, TestError>?
  private(set) var requests: [Subscribers.Demand] = []
  var onRequest: () -> Void = {}

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    self.subscriber = AnySubscriber(subscriber)
    subscriber.receive(subscription: self)
  }

  func send(_ value: Int) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }

  func fail(_ error: TestError) { subscriber?.receive(completion: .failure(error)) }

  func request(_ demand: Subscribers.Demand) {
    requests.append(demand)
    onRequest()
  }

  func cancel() {}
}
