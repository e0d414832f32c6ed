import Reactive
import Testing

@Suite struct DeferredTests {
  @Test func makesAPublisherForEachSubscriberWhenItSubscribes() {
    var made = 0
    let deferred = Deferred { () -> Just<Int> in
      made += 1
      return Just(made)
    }
    #expect(made == 0)
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    deferred.subscribe(first)
    deferred.subscribe(second)
    #expect(first.events == [.subscription, .value(1), .completion(.finished)])
    #expect(second.events == [.subscription, .value(2), .completion(.finished)])
  }

  @Test func delaysAFuturesWorkUntilSubscription() {
    var started = false
    let deferred = Deferred {
      Future<Int, Never> { promise in
        started = true
        promise(.success(7))
      }
    }
    #expect(!started)
    let recorder = Recorder<Int, Never>()
    deferred.subscribe(recorder)
    #expect(started)
    #expect(recorder.events == [.subscription, .value(7), .completion(.finished)])
  }

  // OpenCombine's DeferredTests.testDeferredCreatedAfterSubscription, at 1b8a26b: the subscriber gets
  // the made publisher's own subscription, with nothing of Deferred's in between, and each
  // subscription makes a publisher again.
  @Test func handsTheSubscriberTheMadePublishersOwnSubscription() throws {
    var made = 0
    let publisher = ManualPublisher<Int, Never>()
    let deferred = Deferred { () -> ManualPublisher<Int, Never> in
      made += 1
      return publisher
    }
    let probe = SubscriptionProbe<Int, Never>()
    deferred.subscribe(probe)
    #expect(made == 1)
    #expect(try #require(probe.subscription) as AnyObject === publisher.subscription)
    deferred.subscribe(probe)
    #expect(made == 2)
    #expect(publisher.subscriberCount == 2)
    #expect(publisher.subscription.calls == [])
  }
}
