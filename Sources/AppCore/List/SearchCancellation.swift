import Synchronization

/// Tells a background search that its answer is no longer wanted.
final class SearchCancellation: Sendable {
  private let cancelled = Atomic(false)

  var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }
}
