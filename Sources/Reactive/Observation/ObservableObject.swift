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
  /// Fires before any of the object's ``Published`` properties changes, and whenever the object sends
  /// through it; the same publisher on every access while the object lives, as in Combine (for an
  /// object without `@Published` properties too, which announces its changes itself).
  public var objectWillChange: ObservableObjectPublisher {
    PublishedRegistry.objectWillChange(of: self)
  }
}
