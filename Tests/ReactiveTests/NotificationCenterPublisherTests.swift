import Foundation
import Reactive
import Testing

// OpenCombine's NotificationCenterTests: testRequestingDemand, testBasicBehavior,
// testBasicBehaviorNilObject, testRecursivelyReceiveValue, testCancelAlreadyCancelled,
// testCancellingReleasesNotificationCenter, testZeroDemand, testEquatable.
@Suite struct NotificationCenterPublisherTests {
  private let name = Notification.Name("NotificationCenterPublisherTests")
  private final class Sender: NSObject, @unchecked Sendable {}

  @Test func sendsTheNamedNotificationsFromItsObjectAsDemanded() {
    let center = NotificationCenter()
    let sender = Sender()
    let recorder = Recorder<Notification, Never>(request: .none)
    center.publisher(for: name, object: sender).subscribe(recorder)
    let note = Notification(name: name, object: sender)
    center.post(note)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    center.post(note)
    center.post(name: Notification.Name("other"), object: sender)
    center.post(name: name, object: Sender())
    center.post(name: name, object: sender)
    center.post(name: name, object: sender)
    #expect(recorder.events == [.subscription, .value(note), .value(note)])
  }

  @Test func withoutAnObjectSendsEveryObjectsNotification() {
    let center = NotificationCenter()
    let recorder = Recorder<Notification, Never>()
    center.publisher(for: name).subscribe(recorder)
    let first = Sender()
    center.post(name: name, object: first)
    center.post(name: name, object: nil)
    #expect(recorder.values.map { $0.object as AnyObject? === first } == [true, false])
  }

  @Test func aNotificationPostedInsideDeliveryCountsAgainstTheDemandLeft() {
    let center = NotificationCenter()
    let name = self.name
    var reposts = 7
    let recorder = Recorder<Notification, Never>(request: .max(3), extra: .unlimited) { _ in
      guard reposts > 0 else { return }
      reposts -= 1
      center.post(name: name, object: nil)
    }
    center.publisher(for: name).subscribe(recorder)
    center.post(name: name, object: nil)
    #expect(recorder.values.count == 3)
    center.post(name: name, object: nil)
    #expect(recorder.values.count == 8)
  }

  @Test func cancelRemovesTheObserverAndLetsGoOfTheCenter() {
    weak var weakCenter: NotificationCenter?
    let recorder = Recorder<Notification, Never>()
    do {
      let center = NotificationCenter()
      weakCenter = center
      center.publisher(for: name).subscribe(recorder)
    }
    #expect(weakCenter != nil)
    weakCenter?.post(name: name, object: nil)
    #expect(recorder.values.count == 1)
    let center = weakCenter
    recorder.cancel()
    recorder.cancel()
    center?.post(name: name, object: nil)
    #expect(recorder.values.count == 1)
  }

  @Test func publishersAreEqualForTheSameCenterNameAndObject() {
    let center = NotificationCenter()
    let object = Sender()
    #expect(center.publisher(for: name, object: object) == center.publisher(for: name, object: object))
    #expect(center.publisher(for: name) == NotificationCenter.Publisher(center: center, name: name))
    #expect(center.publisher(for: name, object: object) != center.publisher(for: name))
    #expect(center.publisher(for: name, object: object) != center.publisher(for: name, object: Sender()))
    #expect(center.publisher(for: name) != center.publisher(for: Notification.Name("other")))
    #expect(center.publisher(for: name) != NotificationCenter().publisher(for: name))
  }

  @Test func theSubscriptionDescribesItselfAsCombinesDoes() {
    let center = NotificationCenter()
    var subscription: (any Subscription)?
    center.publisher(for: name).subscribe(
      AnySubscriber(
        receiveSubscription: { subscription = $0 }, receiveValue: { _ in .none }, receiveCompletion: nil))
    #expect(subscription.map(String.init(describing:)) == "NotificationCenter Observer")
    let labels = subscription.map { Mirror(reflecting: $0).children.map(\.label) }
    #expect(labels == ["center", "name", "object", "demand"])
    subscription?.request(.none)
    subscription?.cancel()
  }
}
