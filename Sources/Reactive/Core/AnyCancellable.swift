import Synchronization

/// A type-erased cancellable that cancels when it is deinitialized.
///
/// Keep it (in a `Set<AnyCancellable>` with ``store(in:)-3hyxs``, or a property) for as long as the
/// subscription should live. Its cancel action runs at most once, whichever of ``cancel()`` and deinit
/// comes first, and whichever thread calls it.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
  /// What to cancel: a closure, or a cancellable kept as an existential, which needs no allocation
  /// where a closure over it would.
  private enum Action {
    case closure(() -> Void)
    case canceller(any Cancellable)
  }

  private let action: Action
  private let cancelled = Atomic<Bool>(false)

  /// Creates a cancellable that runs `cancel` when cancelled or deinitialized.
  public init(_ cancel: @escaping () -> Void) {
    action = .closure(cancel)
  }

  /// Creates a cancellable that cancels `canceller` when cancelled or deinitialized.
  public init<C: Cancellable>(_ canceller: C) {
    action = .canceller(canceller)
  }

  deinit {
    cancel()
  }

  /// Runs the cancel action, unless it has already run.
  public func cancel() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    switch action {
    case .closure(let body): body()
    case .canceller(let canceller): canceller.cancel()
    }
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
