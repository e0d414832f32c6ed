import Synchronization

/// A type-erased cancellable that cancels when it is deinitialized.
///
/// Keep it (in a `Set<AnyCancellable>` with ``store(in:)-(Set<AnyCancellable>)``, or a property) for as long as the
/// subscription should live. Its cancel action runs at most once, whichever of ``cancel()`` and deinit
/// comes first, and whichever thread calls it.
///
/// For a subscription made with `sink` or `assign`, or one to a subject: once ``cancel()`` has
/// returned, no new call to the subscriber begins, whichever thread sends; a call already under way
/// on another thread may finish. (If several threads cancel at once, one of them runs the action, and
/// the others may return before it has finished.) The subscription then lets go of its subscriber
/// and the sink of its closures; this cancellable keeps only the cancelled subscriber until it goes.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
  /// What to cancel, always an object: a class cancellable (a sink, a subscription) is kept as it
  /// is, a closure or a value-type cancellable in a ``CancellableBox``. A class existential is two
  /// words where `any Cancellable` is five, so that a sink's cancellable takes 48 bytes, not 80 (the
  /// memory row of `make bench`); calling through it copies nothing.
  @usableFromInline let canceller: any Cancellable & AnyObject
  @usableFromInline let cancelled = Atomic<Bool>(false)

  /// Creates a cancellable that runs `cancel` when cancelled or deinitialized.
  public init(_ cancel: @escaping () -> Void) {
    canceller = CancellableBox(ClosureCancellable(body: cancel))
  }

  /// Creates a cancellable that cancels `canceller` when cancelled or deinitialized.
  ///
  /// Inlinable, so that a caller handing over its last reference moves it in rather than copying it.
  @inlinable
  public init<C: Cancellable>(_ canceller: C) {
    if let object = canceller as? any Cancellable & AnyObject {
      self.canceller = object
    } else {
      self.canceller = CancellableBox(canceller)
    }
  }

  /// Creates a cancellable that cancels `canceller`, an object, when cancelled or deinitialized: no
  /// box and no dynamic cast.
  @inlinable
  public init<C: Cancellable & AnyObject>(_ canceller: C) {
    self.canceller = canceller
  }

  deinit {
    cancel()
  }

  /// Runs the cancel action, unless it has already run.
  public func cancel() {
    guard !cancelled.load(ordering: .acquiring),
      !cancelled.exchange(true, ordering: .acquiringAndReleasing)
    else { return }
    canceller.cancel()
  }

  /// Keeps this cancellable in `set`, so that it lives as long as the set holds it.
  public final func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Keeps this cancellable in `collection`, so that it lives as long as the collection holds it.
  public final func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Two cancellables are equal when they are the same instance.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  /// Hashes the instance's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension Cancellable {
  /// Keeps this cancellable, type-erased, in `set`.
  public func store(in set: inout Set<AnyCancellable>) {
    AnyCancellable(self).store(in: &set)
  }

  /// Keeps this cancellable, type-erased, in `collection`.
  public func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }
}

/// A value-type cancellable kept as an object by ``AnyCancellable``.
@usableFromInline
final class CancellableBox<Wrapped: Cancellable>: Cancellable {
  @usableFromInline let wrapped: Wrapped

  @inlinable
  init(_ wrapped: Wrapped) {
    self.wrapped = wrapped
  }

  @usableFromInline
  func cancel() {
    wrapped.cancel()
  }
}

/// A closure viewed as a cancellable.
private struct ClosureCancellable: Cancellable {
  let body: () -> Void

  func cancel() {
    body()
  }
}
