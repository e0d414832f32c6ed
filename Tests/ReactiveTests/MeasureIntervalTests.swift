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
}
