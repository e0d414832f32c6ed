/// A task executor that runs the jobs of the tasks that prefer it only when a test calls
/// ``runUntilIdle()``, on the test's thread. A task started on it has done nothing until then, and
/// afterwards has run until it waits or ends: so a test knows, without sleeping, that a call of
/// `next()` is waiting, before the upstream has a subscription to show it, and whether it returned.
final class SteppedTaskExecutor: TaskExecutor, @unchecked Sendable {
  private let jobs = Locked<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    jobs.append(UnownedJob(job))
  }

  /// Runs every job waiting, and those they enqueue, until none is left.
  func runUntilIdle() {
    while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }

  /// A call of `next()` on `iterator` (on a copy of it, which shares its subscriber), in a task that
  /// runs once the test runs this executor.
  func next<Iterator: AsyncIteratorProtocol>(_ iterator: Iterator) -> NextCall<Iterator.Element>
  where Iterator: SendableMetatype, Iterator.Element: Sendable & Equatable {
    let shared = SharedIterator(iterator)
    let outcome = Locked<NextCall<Iterator.Element>.Outcome>(.waiting)
    let task = Task(executorPreference: self) {
      do {
        let value = try await shared.next()
        outcome.withLock { $0 = .returned(value) }
      } catch {
        outcome.withLock { $0 = .threw(error as? TestError) }
      }
    }
    return NextCall(task: task, outcome: outcome)
  }
}

/// One call of `next()` made by ``SteppedTaskExecutor/next(_:)``.
struct NextCall<Element: Sendable & Equatable>: Sendable {
  /// What the call has done so far.
  enum Outcome: Equatable, Sendable {
    case waiting
    case returned(Element?)
    /// It threw this error (`nil` for an error other than a ``TestError``).
    case threw(TestError?)
  }

  fileprivate let task: Task<Void, Never>
  fileprivate let outcome: Locked<Outcome>

  /// What the call has done by the time the executor last ran.
  var result: Outcome { outcome.value }

  /// Cancels the task that made the call.
  func cancel() {
    task.cancel()
  }
}

/// An iterator several tasks call at once: each call goes through a copy, and the copies of the
/// iterators of `values` share their subscriber.
private final class SharedIterator<Base: AsyncIteratorProtocol>: @unchecked Sendable {
  private let base: Base

  init(_ base: Base) {
    self.base = base
  }

  func next() async throws -> Base.Element? {
    var copy = base
    return try await copy.next()
  }
}
