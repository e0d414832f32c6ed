import Foundation
import Testing

@testable import Reactive

// OpenCombine's TimerPublisherTests: testPublishMethod, testConnectAndPublish, testConnectMultipleTimes,
// testConnectionReflection. The Foundation timer is fired by hand (`Timer.fire()` runs its block at
// once), in a run loop mode nothing runs, so no test waits on the clock.
@Suite struct FoundationTimerPublisherTests {
  private let mode = RunLoop.Mode("FoundationTimerPublisherTests")

  private func publisher(every interval: TimeInterval = 3600) -> Timer.TimerPublisher {
    Timer.publish(every: interval, on: .main, in: mode)
  }

  @Test func publishKeepsItsRunLoopModeAndIntervalAndDropsTheToleranceAsCombineDoes() {
    let publisher = Timer.publish(
      every: 0.25, tolerance: 0.02, on: .main, in: RunLoop.Mode("testMode"), options: nil)
    #expect(publisher.interval == 0.25)
    #expect(publisher.tolerance == nil)
    let onMain = publisher.runLoop === RunLoop.main
    #expect(onMain)
    #expect(publisher.mode == RunLoop.Mode("testMode"))
    #expect(publisher.options == nil)
    let direct = Timer.TimerPublisher(interval: 2, tolerance: 0.5, runLoop: .main, mode: mode)
    #expect(direct.tolerance == 0.5)
  }

  @Test func nothingIsScheduledOrSentBeforeTheConnection() {
    let publisher = publisher()
    let recorder = Recorder<Date, Never>()
    publisher.subscribe(recorder)
    #expect(publisher.connectedTimer == nil)
    #expect(recorder.events == [.subscription])
  }

  @Test func connectingSchedulesARepeatingTimerOfTheIntervalWhoseFiringsSendTheDate() throws {
    let publisher = publisher(every: 90)
    let recorder = Recorder<Date, Never>()
    publisher.subscribe(recorder)
    let connection = publisher.connect()
    let timer = try #require(publisher.connectedTimer)
    #expect(timer.isValid)
    #expect(timer.timeInterval == 90)
    let before = Date()
    timer.fire()
    timer.fire()
    let after = Date()
    #expect(recorder.values.count == 2)
    #expect(recorder.values.allSatisfy { $0 >= before && $0 <= after })
    connection.cancel()
  }

  @Test func eachSubscriberGetsTheDatesItHasDemandForAndTheSameDatesAsTheOthers() throws {
    let publisher = publisher()
    // Demands in all 5, 2 and 3, as in testConnectAndPublish.
    let first = Ticks(request: .max(3)) { $0 < 3 ? .max(1) : .none }
    let second = Ticks(request: .max(2)) { _ in .none }
    let third = Ticks(request: .max(1)) { $0 < 3 ? .max(1) : .none }
    publisher.subscribe(first)
    publisher.subscribe(second)
    publisher.subscribe(third)
    let connection = publisher.connect()
    let timer = try #require(publisher.connectedTimer)
    for _ in 0..<8 { timer.fire() }
    connection.cancel()
    #expect(first.dates.count == 5)
    #expect(second.dates.count == 2)
    #expect(third.dates.count == 3)
    #expect(Array(first.dates.prefix(2)) == second.dates)
    #expect(Array(first.dates.prefix(3)) == third.dates)
    first.request(.max(1))
    #expect(first.dates.count == 5)
  }

  @Test func aDateFiredWithoutDemandIsMissedNotKeptForALaterRequest() throws {
    let publisher = publisher()
    let recorder = Recorder<Date, Never>(request: .none)
    publisher.subscribe(recorder)
    let connection = publisher.connect()
    let timer = try #require(publisher.connectedTimer)
    timer.fire()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
    let before = Date()
    timer.fire()
    timer.fire()
    #expect(recorder.values.count == 1)
    #expect(recorder.values.allSatisfy { $0 >= before })
    connection.cancel()
  }

  @Test func connectingAgainWhileConnectedKeepsOneTimerAndOneConnection() throws {
    let publisher = publisher()
    let recorder = Recorder<Date, Never>()
    publisher.subscribe(recorder)
    let first = publisher.connect()
    let timer = try #require(publisher.connectedTimer)
    let second = publisher.connect()
    let sameConnection = (first as AnyObject) === (second as AnyObject)
    let sameTimer = publisher.connectedTimer === timer
    #expect(sameConnection)
    #expect(sameTimer)
    timer.fire()
    #expect(recorder.values.count == 1)
    // Cancelling either stops the publishing (testConnectMultipleTimes).
    second.cancel()
    #expect(!timer.isValid)
    #expect(publisher.connectedTimer == nil)
    timer.fire()
    #expect(recorder.values.count == 1)
    first.cancel()
  }

  // OpenCombine's TimerPublisherTests.testConnectAndPublish, at be13295, the version stored: after the
  // connection is cancelled each subscriber's history is its subscription and its dates, no completion.
  @Test func cancellingTheConnectionEndsNoSubscribersStream() throws {
    let publisher = publisher()
    let recorder = Recorder<Date, Never>()
    publisher.subscribe(recorder)
    let connection = publisher.connect()
    let timer = try #require(publisher.connectedTimer)
    timer.fire()
    let dates = recorder.values
    connection.cancel()
    #expect(recorder.events == [.subscription] + dates.map { .value($0) })
    #expect(dates.count == 1)
  }

  @Test func aConnectionAfterACancelSchedulesANewTimerForTheSameSubscribers() throws {
    let publisher = publisher()
    let recorder = Recorder<Date, Never>()
    publisher.subscribe(recorder)
    publisher.connect().cancel()
    let connection = publisher.connect()
    let timer = try #require(publisher.connectedTimer)
    #expect(timer.isValid)
    timer.fire()
    #expect(recorder.values.count == 1)
    connection.cancel()
  }

  @Test func aCancelledSubscriberGetsNothingMoreAndIsLetGo() throws {
    let publisher = publisher()
    let connection = publisher.connect()
    let timer = try #require(publisher.connectedTimer)
    let stays = Recorder<Date, Never>()
    publisher.subscribe(stays)
    weak var weakLeaver: Recorder<Date, Never>?
    do {
      let leaver = Recorder<Date, Never>()
      weakLeaver = leaver
      publisher.subscribe(leaver)
      timer.fire()
      leaver.cancel()
      leaver.cancel()
      timer.fire()
      #expect(leaver.values.count == 1)
    }
    #expect(weakLeaver == nil)
    #expect(stays.values.count == 2)
    connection.cancel()
  }

  @Test func autoconnectSchedulesTheTimerWithTheFirstSubscriberAndInvalidatesItWithTheLast() throws {
    let ticks = publisher().autoconnect()
    let recorder = Recorder<Date, Never>()
    ticks.subscribe(recorder)
    let timer = try #require(ticks.upstream.connectedTimer)
    timer.fire()
    #expect(recorder.values.count == 1)
    recorder.cancel()
    #expect(!timer.isValid)
  }

  @Test func theConnectionAndTheSubscriptionDescribeThemselvesNoMoreThanCombinesDo() throws {
    let publisher = publisher()
    let connection = publisher.connect()
    defer { connection.cancel() }
    #expect(!(connection is any Subscription))
    #expect(!(connection is any CustomStringConvertible))
    #expect(!(connection is any CustomPlaygroundDisplayConvertible))
    #expect(!(connection is any CustomReflectable))
    #expect(!(connection is any CustomDebugStringConvertible))
    let probe = SubscriptionProbe<Date, Never>()
    publisher.subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(!(subscription is NSObject))
    #expect(!(subscription is any CustomStringConvertible))
    #expect(!(subscription is any CustomPlaygroundDisplayConvertible))
    #expect(!(subscription is any CustomReflectable))
    #expect(!(subscription is any CustomDebugStringConvertible))
    // The same description for every subscriber of the same type, as the peer's history compares.
    #expect(reflection(of: publisher).description == reflection(of: self.publisher()).description)
  }
}

/// A subscriber that keeps the dates it receives, asks for `request` when subscribed, and after each
/// date for what `more` says given how many it has.
private final class Ticks: Subscriber, @unchecked Sendable {
  private let initial: Subscribers.Demand
  private let more: (Int) -> Subscribers.Demand
  private let state = Locked<(dates: [Date], subscription: (any Subscription)?)>(([], nil))

  init(request: Subscribers.Demand, more: @escaping (Int) -> Subscribers.Demand) {
    initial = request
    self.more = more
  }

  var dates: [Date] { state.value.dates }

  func request(_ demand: Subscribers.Demand) {
    state.value.subscription?.request(demand)
  }

  func receive(subscription: any Subscription) {
    state.withLock { $0.subscription = subscription }
    subscription.request(initial)
  }

  func receive(_ input: Date) -> Subscribers.Demand {
    let count = state.withLock { state -> Int in
      state.dates.append(input)
      return state.dates.count
    }
    return more(count)
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}
