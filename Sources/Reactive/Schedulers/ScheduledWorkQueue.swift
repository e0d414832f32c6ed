/// What makes work of a ``TestScheduler`` repeat: the identity shared by every occurrence, and the
/// interval between them.
@usableFromInline
struct Repetition<Stride> {
  @usableFromInline let id: Int
  @usableFromInline let interval: Stride

  @inlinable
  init(id: Int, interval: Stride) {
    self.id = id
    self.interval = interval
  }
}

/// One action a ``TestScheduler`` has queued.
@usableFromInline
struct ScheduledWork<Time: Strideable> {
  @usableFromInline let date: Time
  @usableFromInline let action: () -> Void
  @usableFromInline let repetition: Repetition<Time.Stride>?

  @inlinable
  init(date: Time, action: @escaping () -> Void, repetition: Repetition<Time.Stride>?) {
    self.date = date
    self.action = action
    self.repetition = repetition
  }
}

/// The work of a ``TestScheduler``, in the order it runs: earlier date first, then earlier scheduling.
///
/// A binary min-heap, so that inserting and taking the first cost O(log n) and advancing past many
/// queued actions costs about the same per action. Its nodes hold only the date, the sequence and the
/// action, and sifting moves them without reference counting; the few repeating actions keep their
/// repetition aside, by sequence.
@usableFromInline
struct ScheduledWorkQueue<Time: Strideable> {
  @usableFromInline
  struct Node {
    @usableFromInline let date: Time
    /// The order of scheduling, which breaks ties between work due at the same date.
    @usableFromInline let sequence: Int
    @usableFromInline let action: () -> Void

    @inlinable
    init(date: Time, sequence: Int, action: @escaping () -> Void) {
      self.date = date
      self.sequence = sequence
      self.action = action
    }
  }

  /// Whether work due at `date`, scheduled `sequence`-th, runs before work due at `otherDate`,
  /// scheduled `otherSequence`-th. Sifting compares these two fields, never whole nodes, so that
  /// comparing copies no action.
  @inlinable
  static func runsBefore(_ date: Time, _ sequence: Int, _ otherDate: Time, _ otherSequence: Int) -> Bool {
    date < otherDate || (date == otherDate && sequence < otherSequence)
  }

  @usableFromInline var heap: [Node] = []
  /// The repetition of each queued repeating action, by sequence.
  @usableFromInline var repetitions: [Int: Repetition<Time.Stride>] = [:]

  @inlinable init() {}

  /// How many actions are queued.
  @inlinable var count: Int { heap.count }

  /// The date of the work that runs first, if any.
  @inlinable var firstDate: Time? { heap.first?.date }

  /// The repetition of the work that runs first, if it repeats.
  @inlinable var firstRepetition: Repetition<Time.Stride>? {
    guard let first = heap.first, !repetitions.isEmpty else { return nil }
    return repetitions[first.sequence]
  }

  /// Queues `work`, to run after everything queued with a smaller `sequence` for the same date.
  @inlinable
  mutating func insert(_ work: ScheduledWork<Time>, sequence: Int) {
    if let repetition = work.repetition { repetitions[sequence] = repetition }
    heap.append(Node(date: work.date, sequence: sequence, action: work.action))
    heap.withUnsafeMutableBufferPointer { nodes in
      guard let base = nodes.baseAddress else { return }
      // Sift up: move parents down into the hole until the new node's place is found. Nodes move
      // through the buffer; none is copied.
      var hole = nodes.count - 1
      let node = (base + hole).move()
      while hole > 0 {
        let parent = (hole - 1) / 2
        guard Self.runsBefore(node.date, node.sequence, base[parent].date, base[parent].sequence) else {
          break
        }
        (base + hole).moveInitialize(from: base + parent, count: 1)
        hole = parent
      }
      (base + hole).initialize(to: node)
    }
  }

  /// Takes the work that runs first; the queue must not be empty.
  @inlinable
  mutating func removeFirst() -> ScheduledWork<Time> {
    let last = heap.removeLast()
    let first =
      heap.isEmpty
      ? last
      : heap.withUnsafeMutableBufferPointer { nodes in
        let base = nodes.baseAddress!
        let first = base.move()
        // Sift down: move the earlier child up into the hole until the last node's place is found.
        var hole = 0
        while true {
          let left = 2 * hole + 1
          guard left < nodes.count else { break }
          let right = left + 1
          let child =
            right < nodes.count
              && Self.runsBefore(base[right].date, base[right].sequence, base[left].date, base[left].sequence)
            ? right : left
          guard Self.runsBefore(base[child].date, base[child].sequence, last.date, last.sequence) else {
            break
          }
          (base + hole).moveInitialize(from: base + child, count: 1)
          hole = child
        }
        (base + hole).initialize(to: last)
        return first
      }
    let repetition = repetitions.isEmpty ? nil : repetitions.removeValue(forKey: first.sequence)
    return ScheduledWork(date: first.date, action: first.action, repetition: repetition)
  }
}
