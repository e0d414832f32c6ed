import Dispatch
import Reactive
import Shop
import Testing

@testable import ShopTUI

/// What the app creates goes away with its owner: the badge with its subscription, the session with its
/// store and badge, even while debounce work is still queued on the scheduler.
@Suite struct ReleaseTests {
  /// Counts cancellations of a subscription.
  final class CancelCounter {
    var count = 0
  }

  @Test func aBadgeIsReleasedAndCancelsItsSubscriptionWithAValueStillPending() {
    let scheduler = DispatchQueue.test
    let subject = CurrentValueSubject<Int, Never>(0)
    let cancels = CancelCounter()
    weak var weakBadge: BadgeViewModel?
    do {
      let badge = BadgeViewModel(count: 0)
      let publisher = subject.handleEvents(receiveCancel: { cancels.count += 1 }).eraseToAnyPublisher()
      badge.bind(
        to: publisher, interval: .standard, scheduler: scheduler.eraseToAnyScheduler(), replayCurrent: false)
      subject.send(3)
      #expect(scheduler.scheduledCount == 1)
      weakBadge = badge
    }
    #expect(weakBadge == nil)
    #expect(cancels.count == 1)
    scheduler.advance(by: .seconds(5))  // the orphaned debounce fires into nothing
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func aBadgeWithoutDebounceIsReleasedWithItsScheduledValueQueued() {
    let scheduler = DispatchQueue.test
    let subject = CurrentValueSubject<Int, Never>(0)
    weak var weakBadge: BadgeViewModel?
    do {
      let badge = BadgeViewModel(count: 0)
      badge.bind(
        to: subject.eraseToAnyPublisher(), interval: DebounceInterval(milliseconds: 0),
        scheduler: scheduler.eraseToAnyScheduler(), replayCurrent: false)
      subject.send(2)
      #expect(scheduler.scheduledCount == 1)
      weakBadge = badge
    }
    #expect(weakBadge == nil)
    scheduler.advance()
  }

  @Test func aRebindReleasesTheEarlierSubscription() {
    let scheduler = DispatchQueue.test.eraseToAnyScheduler()
    let subject = CurrentValueSubject<Int, Never>(0)
    let cancels = CancelCounter()
    let badge = BadgeViewModel(count: 0)
    let publisher = subject.handleEvents(receiveCancel: { cancels.count += 1 }).eraseToAnyPublisher()
    badge.bind(to: publisher, interval: .standard, scheduler: scheduler, replayCurrent: false)
    badge.bind(to: publisher, interval: .standard, scheduler: scheduler, replayCurrent: false)
    #expect(cancels.count == 1)
    badge.unbind()
    #expect(cancels.count == 2)
  }

  @Test func theAppCoreIsReleasedWithItsFixture() {
    weak var weakSession: ShopSession?
    weak var weakBadge: BadgeViewModel?
    weak var weakStore: (any QuantityStore)?
    weak var weakController: AppController?
    do {
      let app = AppFixture()
      app.press(.character("a"), .character("m"), .character("a"), .character("+"))
      #expect(app.scheduler.scheduledCount > 0)
      weakSession = app.session
      weakBadge = app.session.badge
      weakStore = app.session.store
      weakController = app.controller
    }
    #expect(weakController == nil)
    #expect(weakSession == nil)
    #expect(weakBadge == nil)
    #expect(weakStore == nil)
  }

  @Test func aSessionIsReleasedWhileItsSchedulerLivesOnAndRunsTheQueuedWork() throws {
    let scheduler = DispatchQueue.test
    weak var weakSession: ShopSession?
    weak var weakBadge: BadgeViewModel?
    do {
      let session = ShopSession(
        catalog: .builtIn, shop: ShopState(), mode: .simple, debounce: .standard,
        scheduler: scheduler.eraseToAnyScheduler())
      try session.perform(.add(id: "apple", quantity: 2))
      try session.perform(.mode(.controlled))
      #expect(scheduler.scheduledCount > 0)
      weakSession = session
      weakBadge = session.badge
    }
    #expect(weakSession == nil)
    #expect(weakBadge == nil)
    scheduler.advance(by: .seconds(10))
    #expect(scheduler.scheduledCount == 0)
  }
}
