import Dispatch

/// Coalesces redraw requests: any number of `setNeedsRedraw()` calls in one main-queue turn cause one
/// `redraw` at the end of it.
@MainActor
final class RedrawCoalescer {
  private let redraw: @MainActor () -> Void
  private let schedule: @MainActor (@escaping @MainActor () -> Void) -> Void
  private var pending = false

  /// A coalescer that calls `redraw`, scheduled by `schedule` (tests pass a recorder; the app passes
  /// the default, the main queue).
  init(
    schedule: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void = RedrawCoalescer.onMainQueue,
    redraw: @escaping @MainActor () -> Void
  ) {
    self.schedule = schedule
    self.redraw = redraw
  }

  /// Asks for one redraw at the end of the current main-queue turn.
  func setNeedsRedraw() {
    guard !pending else { return }
    pending = true
    schedule { [weak self] in
      guard let self else { return }
      self.pending = false
      self.redraw()
    }
  }

  /// Schedules `work` as the next block on the main queue.
  static func onMainQueue(_ work: @escaping @MainActor () -> Void) {
    DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
  }
}
