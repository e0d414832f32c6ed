import Dispatch
import Foundation
import Reactive
import Shop
import Testing

@testable import AppCore

/// What the app creates goes away with its owner: the badge with its subscription, the runtime with its
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

  @Test func theAppCoreIsReleasedWithItsRuntime() {
    let scheduler = DispatchQueue.test
    weak var weakRuntime: AppRuntime?
    weak var weakPipeline: QuantityPipeline?
    weak var weakBadge: BadgeViewModel?
    weak var weakStore: (any QuantityStore)?
    do {
      let shell = RecordingShell()
      let state = AppState(
        catalog: .builtIn, shop: ShopState(), mode: .controlled, debounce: .standard, width: 80, height: 24)
      let runtime = AppRuntime(
        state: state, scheduler: scheduler.eraseToAnyScheduler(), clock: Date.init, saver: nil, shell: shell)
      for key in ["a", "m", "a", "+"] as [Character] { runtime.send(.input(.key(.character(key)))) }
      #expect(scheduler.scheduledCount > 0)
      weakRuntime = runtime
      weakPipeline = runtime.pipeline
      weakBadge = runtime.pipeline.badge
      weakStore = runtime.pipeline.store
    }
    #expect(weakRuntime == nil)
    #expect(weakPipeline == nil)
    #expect(weakBadge == nil)
    #expect(weakStore == nil)
  }

  @Test func aRuntimeIsReleasedWhileItsSchedulerLivesOnAndRunsTheQueuedWork() {
    let scheduler = DispatchQueue.test
    weak var weakRuntime: AppRuntime?
    weak var weakBadge: BadgeViewModel?
    do {
      let shell = RecordingShell()
      let state = AppState(
        catalog: .builtIn, shop: ShopState(), mode: .simple, debounce: .standard, width: 80, height: 24)
      let runtime = AppRuntime(
        state: state, scheduler: scheduler.eraseToAnyScheduler(), clock: Date.init, saver: nil, shell: shell)
      runtime.send(.command(.add(id: "apple", quantity: 2)))
      runtime.send(.command(.mode(.controlled)))
      #expect(scheduler.scheduledCount > 0)
      weakRuntime = runtime
      weakBadge = runtime.pipeline.badge
    }
    #expect(weakRuntime == nil)
    #expect(weakBadge == nil)
    scheduler.advance(by: .seconds(10))
    #expect(scheduler.scheduledCount == 0)
  }
}
