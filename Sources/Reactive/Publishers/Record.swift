/// A publisher that replays a recorded list of values, then a recorded completion, to each subscriber,
/// as demand allows.
///
/// A recording with no values completes upon subscription (the subscriber sees an `Empty`
/// subscription). Otherwise the values go out on the thread that requests them, and the completion
/// right after the last one; the subscription describes itself as the values left to send.
/// `Record` is `Codable` when its values and failure are, written as
/// `{"recording": {"output": [...], "completion": {...}}}`.
public struct Record<Output, Failure: Error>: Publisher {
  /// The values and completion replayed.
  public let recording: Recording

  /// Creates a publisher replaying what `record` feeds into a new recording. A recording that is
  /// given no completion finishes.
  public init(record: (inout Recording) -> Void) {
    var recording = Recording()
    record(&recording)
    self.recording = recording
  }

  /// Creates a publisher replaying `recording`.
  public init(recording: Recording) {
    self.recording = recording
  }

  /// Creates a publisher replaying `output`, then `completion`.
  public init(output: [Output], completion: Subscribers.Completion<Failure>) {
    recording = Recording(output: output, completion: completion)
  }

  /// Attaches `subscriber`; each subscriber gets the whole recording.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    guard !recording.output.isEmpty else {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: recording.completion)
      return
    }
    subscriber.receive(subscription: Replay(downstream: subscriber, recording: recording))
  }

  /// The values and the completion a ``Record`` replays.
  public struct Recording {
    /// What a recording receives: the values.
    public typealias Input = Output

    /// The values recorded, in order.
    public private(set) var output: [Output]
    /// The completion recorded; `.finished` until another is received.
    public private(set) var completion: Subscribers.Completion<Failure>
    /// Whether a completion was received (or the recording was decoded): nothing more may come, as in
    /// Combine (OpenCombine's `RecordTests.testRecordingCrashesIfReceivesValuesAfterCompletion`,
    /// `testRecordingCrashesIfReceivesCompletionTwice`, `testRecordingIsDecodedInFinalizedState`).
    private var isComplete = false

    /// Creates an empty recording that finishes.
    public init() {
      self.init(output: [])
    }

    /// Creates a recording of `output`, then `completion`.
    public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
      self.output = output
      self.completion = completion
    }

    /// Records `input` after the values recorded so far. A recording that has received its completion
    /// (or was decoded) stops the process, as Combine's does.
    public mutating func receive(_ input: Output) {
      precondition(!isComplete, "Recording received a value after its completion")
      output.append(input)
    }

    /// Records `completion` as the recording's end. A second completion (or one given to a decoded
    /// recording) stops the process, as Combine's does.
    public mutating func receive(completion: Subscribers.Completion<Failure>) {
      precondition(!isComplete, "Recording received a second completion")
      self.completion = completion
      isComplete = true
    }
  }

  /// Sends a recording's values as they are requested, then its completion. A request made from
  /// inside the subscriber's `receive` adds to the demand being served instead of recursing.
  private final class Replay<Downstream: Subscriber>: Subscription, CombineReflecting, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private struct State {
      var downstream: Downstream?
      var output: ArraySlice<Output>
      let completion: Subscribers.Completion<Failure>
      var demand = Subscribers.Demand.none
      var delivering = false

      /// The next value and whether it is the last, while there is demand; `nil` ends the turn.
      mutating func take() -> (Downstream, Output, isLast: Bool)? {
        guard let downstream, demand > 0, let value = output.popFirst() else {
          delivering = false
          return nil
        }
        demand -= 1
        let isLast = output.isEmpty
        if isLast { self.downstream = nil }
        return (downstream, value, isLast)
      }
    }

    private let state: LockedState<State>

    init(downstream: Downstream, recording: Recording) {
      state = .make(
        State(downstream: downstream, output: recording.output[...], completion: recording.completion))
    }

    var combineName: String {
      state.withLock { $0.downstream == nil ? "Cancelled Events" : String(describing: Array($0.output)) }
    }

    var reflectedChildren: [Mirror.Child] {
      state.withLock { state in
        let left = state.downstream == nil ? [] : Array(state.output)
        return [("sequence", left), ("completion", state.completion)]
      }
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand != .none else { return }
      let claimed = state.withLock { state -> Bool in
        guard state.downstream != nil else { return false }
        state.demand += demand
        guard !state.delivering else { return false }
        state.delivering = true
        return true
      }
      guard claimed else { return }
      while let (downstream, value, isLast) = state.withLock({ $0.take() }) {
        let more = downstream.receive(value)
        if isLast {
          downstream.receive(completion: state.withLock { $0.completion })
          return
        }
        if more != .none { state.withLock { $0.demand += more } }
      }
    }

    func cancel() {
      state.withLock { $0.downstream = nil }
    }
  }
}

extension Record.Recording {
  private enum CodingKeys: String, CodingKey {
    case output
    case completion
  }
}

extension Record.Recording: Encodable where Output: Encodable, Failure: Encodable {
  /// Writes `output`, then `completion`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(output, forKey: .output)
    try container.encode(completion, forKey: .completion)
  }
}

extension Record.Recording where Output: Codable, Failure: Codable {
  /// Writes the recording into `encoder`, as ``encode(to:)`` does: Combine's name for the same
  /// writing, declared where both types are `Codable`.
  public func encode(into encoder: any Encoder) throws {
    try encode(to: encoder)
  }
}

extension Record.Recording: Decodable where Output: Decodable, Failure: Decodable {
  /// Reads what ``encode(to:)`` writes. The recording read is complete: it takes nothing more.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      output: try container.decode([Output].self, forKey: .output),
      completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
    isComplete = true
  }
}

extension Record {
  private enum CodingKeys: String, CodingKey {
    case recording
  }
}

extension Record: Encodable where Output: Encodable, Failure: Encodable {
  /// Writes the recording under `recording`, as Combine's does.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(recording, forKey: .recording)
  }
}

extension Record: Decodable where Output: Decodable, Failure: Decodable {
  /// Reads what ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(recording: try container.decode(Recording.self, forKey: .recording))
  }
}
