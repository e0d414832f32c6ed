/// The state store's writes as a pure state machine: which snapshot to write next, whom to tell how
/// it went, and what the last write's outcome was. The store holds it behind a lock and performs the
/// writes its methods hand out, outside the lock.
///
/// Every snapshot gets a sequence number; a snapshot is never written after a newer one, and one that
/// a newer snapshot overtook before it was written is reported with the newer one's outcome.
struct PendingStateWrites {
  /// Told the outcome of the write that stored a snapshot (or a newer one that took its place).
  typealias Completion = StateStore.SaveCompletion

  /// A write to perform: the snapshot, and everyone waiting for it.
  struct Write {
    let sequence: UInt64
    let state: ShopState
    let completions: [Completion]
  }

  private var latest: (sequence: UInt64, state: ShopState)?
  private var waiting: [Completion] = []
  private var nextSequence: UInt64 = 1
  private var newestWritten: UInt64 = 0
  private(set) var isWriting = false
  /// The failure of the last write, if it failed; a later successful write clears it.
  private(set) var lastFailure: StateFileError?

  /// Keeps `state` as the snapshot to write next; returns whether a writer must be started.
  mutating func save(_ state: ShopState, completion: Completion?) -> Bool {
    latest = (nextSequence, state)
    nextSequence += 1
    if let completion { waiting.append(completion) }
    defer { isWriting = true }
    return !isWriting
  }

  /// The next background write, or nil when nothing is left (the writer then stops).
  mutating func nextWrite() -> Write? {
    guard let latest else {
      isWriting = false
      return nil
    }
    self.latest = nil
    defer { waiting = [] }
    return Write(sequence: latest.sequence, state: latest.state, completions: waiting)
  }

  /// A synchronous write of `state`, which overtakes every snapshot saved before it: their completions
  /// come with it. Call only when no background write is running.
  mutating func immediateWrite(of state: ShopState) -> Write {
    let sequence = nextSequence
    nextSequence += 1
    var completions: [Completion] = []
    if let pending = latest, pending.sequence < sequence {
      latest = nil
      completions = waiting
      waiting = []
    }
    return Write(sequence: sequence, state: state, completions: completions)
  }

  /// Whether `write` should be performed at all: false when a newer snapshot is already on disk.
  func shouldPerform(_ write: Write) -> Bool {
    write.sequence > newestWritten
  }

  /// Records the outcome of `write`.
  mutating func finished(_ write: Write, with result: Result<Void, StateFileError>) {
    newestWritten = max(newestWritten, write.sequence)
    switch result {
    case .success: lastFailure = nil
    case .failure(let failure): lastFailure = failure
    }
  }

  /// The last write's failure, forgotten once told.
  mutating func takeLastFailure() -> StateFileError? {
    defer { lastFailure = nil }
    return lastFailure
  }
}
