/// The bits of a conduit's ``ConduitBase/state``.
///
/// `busy` is the delivery token: the one thread holding it is the only one that calls the
/// subscriber, so calls never overlap. It is set only under the registry's lock (by a send, a
/// completion, a request or a subscribe that finds the conduit idle) and cleared only by its holder,
/// with a compare-and-exchange that fails while `work`, `missed` or `closed` is set, so that none is
/// missed. The bits above the flags name the holder (``owner(_:)``); they are written with `busy`
/// and cleared with it.
@usableFromInline
enum ConduitState {
  /// Cancelled or completed: no call to the subscriber begins any more.
  @inlinable static var closed: UInt { 1 }
  /// A thread holds the delivery token.
  @inlinable static var busy: UInt { 2 }
  /// Events wait in the mailbox, or a replaying conduit was sent a request, for the token holder.
  @inlinable static var work: UInt { 4 }
  /// The subscriber is still receiving its subscription, on the thread holding the token (set with
  /// `busy` when the conduit is made, cleared when that thread lets the token go). Values other
  /// threads send meanwhile skip it, rather than being queued for the subscribing thread: otherwise
  /// a thread that subscribes while others keep sending would deliver their values for as long as
  /// they send. Completions and requests are still queued for it.
  @inlinable static var subscribing: UInt { 8 }
  /// A replaying conduit skipped a value while subscribing: the token holder takes the subject's
  /// latest value as pending before letting go.
  @inlinable static var missed: UInt { 16 }

  /// Masks the bits above.
  @inlinable static var flags: UInt { 0xFF }

  /// The bits that name `thread` as the token's holder, stored with `busy`, above the flags; a
  /// thread identifier is an address, well under 2^56.
  @inlinable
  static func owner(_ thread: UInt) -> UInt {
    assert(thread >> 56 == 0, "a thread identifier is expected to fit in 56 bits")
    return thread << 8
  }

  /// The thread holding the token of a conduit whose state is `state`, while `busy` is set; 0 for
  /// one closed by a cancel while idle.
  @inlinable
  static func holder(_ state: UInt) -> UInt { state >> 8 }
}
