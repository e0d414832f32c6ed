/// An object that announces, before each change, that it is about to change.
///
/// A class with ``Published`` properties gets ``objectWillChange`` for free: it fires before each of
/// those properties is set.
public protocol ObservableObject: AnyObject {
  /// The publisher that fires before the object changes.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  /// Fires before the object changes.
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// Fires before any of the object's ``Published`` properties changes; the same publisher on every
  /// access for an object that has such properties.
  public var objectWillChange: ObservableObjectPublisher {
    PublishedRegistry.objectWillChange(of: self)
  }
}

/// The publisher behind ``ObservableObject/objectWillChange-2oa5h``: a `Void` value before each change.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
  /// A `Void` per change.
  public typealias Output = Void
  /// It never fails.
  public typealias Failure = Never

  private let subject = PassthroughSubject<Void, Never>()

  /// Creates a publisher with no subscribers.
  public init() {}

  /// Attaches `subscriber`.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    subject.receive(subscriber: subscriber)
  }

  /// Announces a change.
  public func send() {
    subject.send()
  }
}
