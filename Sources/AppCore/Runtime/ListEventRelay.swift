import Dispatch
import Reactive

/// Brings the answer of the item list's background work back to the runtime, on its scheduler.
///
/// Called from the background; it only schedules. `runtime` is set once, in the runtime's init,
/// before any work starts, and read only on the scheduler, the runtime's own thread.
final class ListEventRelay: @unchecked Sendable {
  weak var runtime: AppRuntime?
  private let scheduler: AnySchedulerOf<DispatchQueue>

  init(scheduler: AnySchedulerOf<DispatchQueue>) {
    self.scheduler = scheduler
  }

  func deliver(_ event: AppEvent) {
    scheduler.schedule { [self] in runtime?.send(event) }
  }
}
