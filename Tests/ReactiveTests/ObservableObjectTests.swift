import Reactive
import Testing

private final class Profile: ObservableObject {
  @Published var name = "a"
  @Published var age = 1
  var plain = 0
}

private final class Member: ObservableObjectBase {
  @Published var points = 0
}

private class ObservableObjectBase: ObservableObject {
  @Published var id = 0
}

private final class CustomModel: ObservableObject {
  let objectWillChange = PassthroughSubject<Void, Never>()
}

@Suite struct ObservableObjectTests {
  @Test func firesBeforeEachChangeOfAPublishedProperty() {
    let profile = Profile()
    let log = Locked<[String]>([])
    let willChange = profile.objectWillChange.sink {
      log.append("will change: name \(profile.name), age \(profile.age)")
    }
    let names = profile.$name.sink { log.append("name \($0)") }
    profile.name = "b"
    profile.age = 2
    profile.plain = 9
    #expect(
      log.value == [
        "name a",
        "will change: name a, age 1", "name b",
        "will change: name b, age 1",
      ])
    #expect(profile.age == 2)
    willChange.cancel()
    names.cancel()
  }

  @Test func firesOnceForEverySet() {
    let profile = Profile()
    profile.name = "before subscribing"
    let count = Locked(0)
    let cancellable = profile.objectWillChange.sink { count.withLock { $0 += 1 } }
    profile.name = "x"
    profile.name = "x"
    profile.age = 3
    #expect(count.value == 3)
    cancellable.cancel()
  }

  @Test func isTheSamePublisherOnEveryAccess() {
    let profile = Profile()
    let count = Locked(0)
    let first = profile.objectWillChange.sink { count.withLock { $0 += 1 } }
    let second = profile.objectWillChange.sink { count.withLock { $0 += 1 } }
    profile.age = 5
    #expect(count.value == 2)
    #expect(profile.objectWillChange === profile.objectWillChange)
    first.cancel()
    second.cancel()
  }

  @Test func coversPublishedPropertiesOfSuperclasses() {
    let member = Member()
    let count = Locked(0)
    let cancellable = member.objectWillChange.sink { count.withLock { $0 += 1 } }
    member.points = 1
    member.id = 2
    #expect(count.value == 2)
    cancellable.cancel()
  }

  @Test func separateObjectsHaveSeparatePublishers() {
    let first = Profile()
    let second = Profile()
    let count = Locked(0)
    let cancellable = first.objectWillChange.sink { count.withLock { $0 += 1 } }
    second.age = 9
    #expect(count.value == 0)
    first.age = 9
    #expect(count.value == 1)
    cancellable.cancel()
  }

  @Test func aCustomObjectWillChangePublisherIsUsedAsIs() {
    let model = CustomModel()
    let count = Locked(0)
    let cancellable = model.objectWillChange.sink { count.withLock { $0 += 1 } }
    model.objectWillChange.send()
    #expect(count.value == 1)
    cancellable.cancel()
  }

  // An object with no @Published property announces its changes itself, through objectWillChange:
  // Combine's gives it the same publisher on every access, so that what it sends reaches those who
  // subscribed (OpenCombine's ObservableObjectTests at 0239e54, whose testNoFields and
  // testNoPublishedFields are left out with "objectWillChange should return the same
  // ObservableObjectPublisher every time for Combine compatibility"). Reactive made a new one at each
  // access, so such a send reached nobody.
  @Test func anObjectWithoutPublishedPropertiesHasOnePublisherItsOwnSendsReach() {
    final class Thermostat: ObservableObject {
      var target = 20 {
        willSet { objectWillChange.send() }
      }
    }
    let thermostat = Thermostat()
    let other = Thermostat()
    #expect(thermostat.objectWillChange === thermostat.objectWillChange)
    #expect(thermostat.objectWillChange !== other.objectWillChange)
    let count = Locked(0)
    let cancellable = thermostat.objectWillChange.sink { count.withLock { $0 += 1 } }
    thermostat.target = 21
    other.target = 19
    thermostat.target = 22
    #expect(count.value == 2)
    cancellable.cancel()
  }

  // The publisher of an object without @Published properties is let go some time after the object:
  // at the latest once twice as many objects have asked for theirs as were alive at the last sweep.
  @Test func thePublisherOfAnObjectWithoutPublishedPropertiesGoesSomeTimeAfterTheObject() {
    final class Plain: ObservableObject {}
    weak var publisher: ObservableObjectPublisher?
    do {
      let plain = Plain()
      publisher = plain.objectWillChange
      #expect(publisher != nil)
    }
    for _ in 0..<1_000 { _ = Plain().objectWillChange }
    #expect(publisher == nil)
  }

  @Test func observableObjectPublisherSendsToItsSubscribers() {
    let publisher = ObservableObjectPublisher()
    let count = Locked(0)
    let cancellable = publisher.sink { count.withLock { $0 += 1 } }
    publisher.send()
    publisher.send()
    #expect(count.value == 2)
    cancellable.cancel()
  }
}

@Suite struct ObservableObjectDemandTests {
  @Test func anObservableObjectPublisherSendsEveryChangeWhateverTheDemand() {
    let publisher = ObservableObjectPublisher()
    let counter = Signals(request: .max(1))
    publisher.subscribe(counter)
    publisher.send()
    publisher.send()
    publisher.send()
    #expect(counter.count.value == 3)
  }

  @Test func anObservableObjectPublisherSendsNothingBeforeTheFirstRequest() {
    let publisher = ObservableObjectPublisher()
    let counter = Signals(request: .none)
    publisher.subscribe(counter)
    publisher.send()
    #expect(counter.count.value == 0)
  }

  /// A subscriber that asks for `request` once (nothing for `.none`) and keeps its subscription, for
  /// the test to ask through, and counts the signals.
  private final class Signals: Subscriber, @unchecked Sendable {
    typealias Input = Void
    typealias Failure = Never
    let subscription = Locked<(any Subscription)?>(nil)
    let count = Locked(0)
    let request: Subscribers.Demand
    init(request: Subscribers.Demand = .none) { self.request = request }
    func receive(subscription: any Subscription) {
      self.subscription.withLock { $0 = subscription }
      if request != .none { subscription.request(request) }
    }
    func receive(_ input: Void) -> Subscribers.Demand {
      count.withLock { $0 += 1 }
      return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
  }

  // OpenCombine's ObservableObjectPublisherTests.testBasicBehavior, at 0239e54: a request makes every
  // later change reach the subscriber, beyond what it asked; a subscriber that comes later gets only
  // the changes after it; a cancel stops the signals to that subscriber alone.
  @Test func changesReachEachSubscriberFromItsFirstRequestUntilItsCancel() {
    let publisher = ObservableObjectPublisher()
    let first = Signals()
    publisher.subscribe(first)
    first.subscription.value?.request(.max(1))
    #expect(first.count.value == 0)
    publisher.send()
    #expect(first.count.value == 1)
    publisher.send()
    publisher.send()
    first.subscription.value?.request(.max(3))
    for _ in 0..<4 { publisher.send() }
    #expect(first.count.value == 7)
    first.subscription.value?.request(.unlimited)
    let second = Signals(request: .unlimited)
    publisher.subscribe(second)
    #expect(second.count.value == 0)
    publisher.send()
    #expect([first.count.value, second.count.value] == [8, 1])
    first.subscription.value?.cancel()
    publisher.send()
    #expect([first.count.value, second.count.value] == [8, 2])
    second.subscription.value?.cancel()
  }

  // OpenCombine's ObservableObjectPublisherTests.testObservableObjectPublisherReflection, at 0239e54.
  @Test func itsSubscriptionShowsItsNameInAPlaygroundAndItsDownstreamInItsMirror() throws {
    let publisher = ObservableObjectPublisher()
    let shown = reflection(of: publisher)
    #expect(shown.description == "ObservableObjectPublisher")
    #expect(shown.playground == "ObservableObjectPublisher")
    #expect(shown.children == ["downstream"])
    let signals = Signals()
    publisher.subscribe(signals)
    let subscription = try #require(signals.subscription.value)
    let downstream = Mirror(reflecting: subscription).children.first.map { String(describing: $0.value) }
    #expect(downstream?.contains("Signals") == true)
  }

  @Test func objectWillChangeFiresForEveryChangeWhateverTheDemand() {
    final class Model: ObservableObject {
      @Published var value = 0
    }
    let model = Model()
    let counter = Signals(request: .max(1))
    model.objectWillChange.subscribe(counter)
    model.value = 1
    model.value = 2
    #expect(counter.count.value == 2)
  }

  // OpenCombine's ObservableObjectTests.testBasicBehavior, at 0239e54.
  @Test func everyPublishedPropertysChangeReachesEachSubscriberFromItsFirstRequestUntilItsCancel() {
    final class Model: ObservableObject {
      @Published var one = 0
      @Published var two = 0
      var plain = 0
    }
    let model = Model()
    let first = Signals()
    model.objectWillChange.subscribe(first)
    first.subscription.value?.request(.max(2))
    #expect(first.count.value == 0)
    model.one += 1
    model.one += 2
    model.one += 3
    #expect(first.count.value == 3)
    model.two += 1
    model.plain += 1
    #expect(first.count.value == 4)
    first.subscription.value?.request(.max(10))
    #expect(first.count.value == 4)
    let second = Signals(request: .unlimited)
    model.objectWillChange.subscribe(second)
    #expect(second.count.value == 0)
    model.one = 42
    #expect([first.count.value, second.count.value] == [5, 1])
    first.subscription.value?.cancel()
    model.one = -1
    #expect([first.count.value, second.count.value] == [5, 2])
    second.subscription.value?.cancel()
  }
}
