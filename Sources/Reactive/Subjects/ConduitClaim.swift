/// A conduit that a send or completion will deliver to once it has let go of the registry's lock,
/// and how.
@usableFromInline
struct ConduitClaim {
  /// What the sending thread does with the conduit.
  @usableFromInline
  enum Role: UInt8 {
    /// It took the token: it delivers, then lets the token go.
    case claimed
    /// It already holds the token further up its stack: it delivers at once, recursively, as
    /// Combine does, and leaves the token to that outer delivery.
    case nested
    /// The conduit's holder let the token go just as the event was queued: it took the token over,
    /// and delivers what waits in the mailbox.
    case takenOver
  }

  /// The conduit, kept alive by the subscriber list: a conduit whose token is held stays in it.
  @usableFromInline let conduit: Unmanaged<ConduitBase>
  @usableFromInline let role: Role

  @inlinable
  init(_ conduit: ConduitBase, _ role: Role) {
    self.conduit = Unmanaged.passUnretained(conduit)
    self.role = role
  }
}
