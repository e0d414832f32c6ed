/// What a conduit keeps for its subscriber: the events sent while another thread held its delivery
/// token, and, for a replaying subject, the latest value it had no demand for.
///
/// Made when first needed (at once for a subscriber of a replaying subject, which starts with the
/// current value pending, but not for the subject's own sink, which is handed the current value as
/// it is attached), so that a conduit that is never contended allocates nothing more.
@usableFromInline
final class ConduitMailbox<Output, Failure: Error>: ConduitWaitingRoom {
  /// Guarded by the registry's lock.
  @usableFromInline @exclusivity(unchecked) var events: [ConduitEvent<Output, Failure>] = []
  /// The value waiting for demand. Touched only by the token holder.
  @usableFromInline @exclusivity(unchecked) var pending: Output?

  @inlinable
  init(pending: Output?) {
    self.pending = pending
  }
}

/// The part of a ``ConduitMailbox`` that does not depend on the value type: the cancels of a sink
/// that wait for the delivery under way on another thread (see ``ConduitBase/cancel()``).
@usableFromInline
class ConduitWaitingRoom {
  /// How many cancels wait; guarded by the registry's lock.
  @usableFromInline @exclusivity(unchecked) final var waiters = 0
  /// What they wait on, made by the first; guarded by the registry's lock.
  @usableFromInline @exclusivity(unchecked) final var gate: SinkCallGate?

  @inlinable
  init() {}
}
