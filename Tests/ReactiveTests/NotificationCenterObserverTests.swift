import Foundation
import Reactive
import Testing

private final class Sender: NSObject, @unchecked Sendable {
  static let one = Sender()
  static let two = Sender()
}

/// More of `NotificationCenter.Publisher`, as OpenCombine's NotificationCenterTests (at e054a88) show
/// Combine's. Those tests also look at what the publisher asks of a center, through a subclass; the
/// center's methods cannot be overridden here, so those calls are left unchecked.
@Suite struct NotificationCenterObserverTests {
  private let name = Notification.Name("NotificationCenterObserverTests")

  // OpenCombine's NotificationCenterTests.testWeakCaptureWhenAddingObserver, at e054a88: the
  // observer holds the subscription weakly.
  @Test func aSubscriptionNobodyHoldsGetsNothing() {
    let center = NotificationCenter()
    let received = Locked<[Notification]>([])
    center.publisher(for: name).subscribe(
      AnySubscriber<Notification, Never>(
        receiveSubscription: { $0.request(.max(1)) },
        receiveValue: { note in
          received.append(note)
          return .none
        }))
    center.post(Notification(name: name))
    #expect(received.value == [])
  }

  // OpenCombine's NotificationCenterTests.testRequestingDemand, at e054a88: twenty notifications, to
  // a subscriber that asks for `initial` and answers the values with `answers` in turn, then none.
  @Test func deliversWhatTheFirstRequestAndTheDemandTheValuesReturnAllow() {
    let initials: [Subscribers.Demand?] = [nil, .max(1), .max(2), .max(10), .unlimited]
    let answers: [[Subscribers.Demand]] = [
      Array(repeating: .none, count: 5), Array(repeating: .max(1), count: 10),
      [.max(1), .none, .max(1), .none], [.none, .max(1), .max(2)], [.unlimited, .max(1)],
    ]
    var counts: [Int] = []
    for initial in initials {
      for answer in answers {
        let center = NotificationCenter()
        let count = Locked(0)
        let kept = Locked<(any Subscription)?>(nil)
        center.publisher(for: name).subscribe(
          AnySubscriber<Notification, Never>(
            receiveSubscription: { subscription in
              kept.withLock { $0 = subscription }
              initial.map(subscription.request)
            },
            receiveValue: { _ in
              count.withLock { count -> Subscribers.Demand in
                defer { count += 1 }
                return count < answer.count ? answer[count] : .none
              }
            }))
        for _ in 0..<20 { center.post(Notification(name: name, object: Sender.two)) }
        counts.append(count.value)
        kept.value?.cancel()
      }
    }
    #expect(
      counts == [0, 0, 0, 0, 0, 1, 11, 2, 1, 20, 2, 12, 4, 5, 20, 10, 20, 12, 13, 20, 20, 20, 20, 20, 20])
  }

  // OpenCombine's NotificationCenterTests.testNotificationCenterSubscriptionReflection, at e054a88.
  @Test func theSubscriptionShowsTheCenterTheNameTheObjectAndTheDemand() {
    let center = NotificationCenter()
    let probe = SubscriptionProbe<Notification, Never>()
    center.publisher(for: name, object: Sender.one).subscribe(probe)
    let subscription = probe.subscription
    let values = subscription.map { Mirror(reflecting: $0).children.map { String(describing: $0.value) } }
    #expect(values?[0] == String(describing: Optional(center)))
    #expect(values?[1].contains(name.rawValue) == true)
    #expect(values?[2] == String(describing: Optional(Sender.one)))
    #expect(values?[3] == "max(0)")
    #expect(subscription.flatMap(playgroundText) == "NotificationCenter Observer")
    subscription?.cancel()
  }
}
