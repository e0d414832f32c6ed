import Dispatch
import Reactive
import Testing

@Suite struct CollectByTimeTests {
  @Test func byTimeDeliversWhatCameInAtEachTickAndTheRestAtTheEnd() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<[Int], TestError>(scheduler)
    subject.collect(.byTime(scheduler, .seconds(2))).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    scheduler.advance(by: .seconds(2))
    scheduler.advance(by: .seconds(2))
    subject.send(3)
    subject.send(4)
    subject.send(5)
    scheduler.advance(by: .seconds(1))
    subject.send(completion: .finished)
    #expect(
      recorder.events == [
        at(0, .subscription), at(2000, .value([1, 2])), at(5000, .value([3, 4, 5])),
        at(5000, .completion(.finished)),
      ])
  }

  @Test func aFailureDropsWhatWasCollected() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<[Int], TestError>(scheduler)
    subject.collect(.byTime(scheduler, .seconds(2))).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(2))
    subject.send(2)
    subject.send(completion: .failure(.boom))
    scheduler.advance(by: .seconds(5))
    #expect(
      recorder.events == [
        at(0, .subscription), at(2000, .value([1])), at(2000, .completion(.failure(.boom))),
      ])
  }

  @Test func byTimeOrCountAlsoDeliversAsSoonAsTheCountIsReached() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<[Int], TestError>(scheduler)
    subject.collect(.byTimeOrCount(scheduler, .seconds(2), 2)).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    scheduler.advance(by: .seconds(2))
    subject.send(4)
    subject.send(5)
    subject.send(6)
    scheduler.advance(by: .seconds(2))
    subject.send(7)
    subject.send(completion: .finished)
    #expect(
      recorder.events == [
        at(0, .subscription), at(0, .value([1, 2])), at(2000, .value([3])), at(2000, .value([4, 5])),
        at(4000, .value([6])), at(4000, .value([7])), at(4000, .completion(.finished)),
      ])
  }

  @Test func byTimeAsksUpstreamForOneValueAtEachRequestAndOneMoreAfterEachValue() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .max(2))
    upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(1))])
    #expect(upstream.send(1) == .max(1))
    recorder.request(.max(3))
    #expect(upstream.subscription.calls == [.request(.max(1)), .request(.max(1))])
  }

  @Test func byTimeOrCountAsksUpstreamForTheCountForEachArrayRequested() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>(request: .max(2), extra: .max(1))
    upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 3)).subscribe(recorder)
    #expect(upstream.subscription.calls == [.request(.max(6))])
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    // The full array is delivered, and the demand it returns comes back as values.
    #expect(upstream.send(3) == .max(3))
    upstream.send(4)
    scheduler.advance(by: .seconds(1))
    // An array the timer delivers asks for its demand through the subscription.
    #expect(upstream.subscription.calls == [.request(.max(6)), .request(.max(3))])
    #expect(recorder.events == [.subscription, .value([1, 2, 3]), .value([4])])
  }

  @Test func whatIsCollectedWaitsForTheDownstreamsDemand() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder<[Int], TestError>(scheduler, request: .max(1))
    subject.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    subject.send(1)
    scheduler.advance(by: .seconds(1))
    subject.send(2)
    scheduler.advance(by: .seconds(1))
    subject.send(3)
    subject.send(completion: .finished)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [at(0, .subscription), at(1000, .value([1]))])
    recorder.request(.max(1))
    #expect(
      recorder.events == [
        at(0, .subscription), at(1000, .value([1])), at(3000, .value([2, 3])),
        at(3000, .completion(.finished)),
      ])
  }

  @Test func asksTheSchedulerForOneRepeatingTimerAtTheSubscription() {
    let scheduler = RecordingScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    subject.collect(.byTime(scheduler, .milliseconds(500))).subscribe(recorder)
    #expect(scheduler.calls == [.now, .minimumTolerance, .scheduleRepeating(after: 500, interval: 500)])
    subject.send(1)
    scheduler.advance(by: .seconds(2))
    #expect(scheduler.calls == [.now, .minimumTolerance, .scheduleRepeating(after: 500, interval: 500)])
    #expect(recorder.events == [.subscription, .value([1])])
  }

  @Test func cancelStopsTheTimerAndCancelsTheUpstream() {
    let scheduler = DispatchQueue.test
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(recorder)
    upstream.send(1)
    recorder.cancel()
    scheduler.advance(by: .seconds(3))
    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.max(1)), .cancel])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(
      of: PassthroughSubject<Int, TestError>().collect(.byTime(DispatchQueue.test, .seconds(1))))
    #expect(reflected.description == "CollectByTime")
    #expect(reflected.playground == "CollectByTime")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let scheduler = DispatchQueue.test
      let released = releaseCheck(ending, advancing: scheduler) { upstream, _ in
        upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 2))
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}
