import Synchronization

/// What an operator's inner subscriber delivers to (its downstream and its closures), held only until
/// the subscription ends.
///
/// Once ``end()`` or ``endAfter(_:)`` has run, nothing more is delivered and the payload is released:
/// at once, or, when a delivery is under way on another thread, as that delivery returns. So nothing an
/// operator was given outlives its subscription, even when an upstream keeps the subscriber.
///
/// Deliveries read the payload through an unretained reference to a box whose fields are constants, so
/// a delivery costs two atomic operations and no reference counting.
@usableFromInline
final class DownstreamLink<Payload>: @unchecked Sendable {
  @usableFromInline
  final class Box {
    @usableFromInline let payload: Payload

    @inlinable init(_ payload: Payload) { self.payload = payload }
  }

  /// Bit 0: ended. Bit 1: released. Above: how many deliveries are under way, counted in fours.
  @usableFromInline let state = Atomic<Int>(0)
  @usableFromInline let box: Unmanaged<Box>
  /// The reference that keeps the box; dropped once, by whichever thread claims the released bit.
  @usableFromInline var owner: Box?

  @inlinable static var ended: Int { 1 }
  @inlinable static var released: Int { 2 }
  @inlinable static var delivery: Int { 4 }

  /// Holds `payload` until the link ends.
  @inlinable
  init(_ payload: Payload) {
    let box = Box(payload)
    owner = box
    self.box = .passUnretained(box)
  }

  /// Whether the link has ended.
  @inlinable
  var hasEnded: Bool { state.load(ordering: .acquiring) & Self.ended != 0 }

  /// Runs `body` with the payload, unless the link has ended; `nil` if it has.
  @inlinable @inline(__always)
  func withPayload<Result>(_ body: (Payload) -> Result) -> Result? {
    let before = state.wrappingAdd(Self.delivery, ordering: .acquiring).oldValue
    defer { leave() }
    guard before & Self.ended == 0 else { return nil }
    return box._withUnsafeGuaranteedRef { body($0.payload) }
  }

  /// Ends the link and runs `body` with the payload, the last delivery, unless the link had already
  /// ended. Returns whether `body` ran.
  @inlinable
  @discardableResult
  func endAfter(_ body: (Payload) -> Void) -> Bool {
    var current = state.load(ordering: .relaxed)
    while true {
      if current & Self.ended != 0 { return false }
      let (exchanged, original) = state.compareExchange(
        expected: current, desired: (current + Self.delivery) | Self.ended, ordering: .acquiringAndReleasing)
      if exchanged { break }
      current = original
    }
    box._withUnsafeGuaranteedRef { body($0.payload) }
    leave()
    return true
  }

  /// Ends the link without a last delivery. Returns whether this call ended it.
  @inlinable
  @discardableResult
  func end() -> Bool {
    let before = state.bitwiseOr(Self.ended, ordering: .acquiringAndReleasing).oldValue
    guard before & Self.ended == 0 else { return false }
    if before < Self.delivery { release() }
    return true
  }

  @inlinable @inline(__always)
  func leave() {
    let before = state.wrappingSubtract(Self.delivery, ordering: .acquiringAndReleasing).oldValue
    if before & Self.ended != 0, before < 2 * Self.delivery { release() }
  }

  /// Drops the payload, once, when the link has ended and no delivery is under way.
  @usableFromInline
  func release() {
    guard state.bitwiseOr(Self.released, ordering: .acquiringAndReleasing).oldValue & Self.released == 0
    else { return }
    owner = nil
  }
}
