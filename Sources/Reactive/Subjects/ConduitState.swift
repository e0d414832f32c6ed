/// The bits of a conduit's ``ConduitBase/state``.
///
/// `busy` is the delivery token: the one thread holding it is the only one that calls the
/// subscriber, so calls never overlap. It is set only under the registry's lock (by a send, a
/// completion, a request or a subscribe that finds the conduit idle) and cleared only by its holder,
/// with a compare-and-exchange that fails while `work` or `closed` is set, so that neither is missed.
@usableFromInline
enum ConduitState {
  /// Cancelled or completed: no call to the subscriber begins any more.
  @inlinable static var closed: UInt { 1 }
  /// A thread holds the delivery token.
  @inlinable static var busy: UInt { 2 }
  /// Events wait in the mailbox, or a replaying conduit was sent a request, for the token holder.
  @inlinable static var work: UInt { 4 }
}
