import Foundation
import Reactive
import Synchronization
import Testing

/// The model test: a reference subject plain enough to check by reading (lock, copy the
/// subscribers, unlock, deliver, each subscriber's calls under a lock of its own as Combine's
/// conduits hold one), and a seeded differential run of random send, subscribe, cancel and request
/// sequences from several threads against it and against our subjects. Every subscriber's history
/// is checked for what holds whatever the interleaving: each thread's values in the order it sent
/// them, none twice, none sent after its cancel() returned (and, for a sink, no call starting after
/// it), never more than the demand, the completion once and last, no two calls at once, and every
/// value sent after an unlimited subscriber's subscribe returned received, if it stayed attached
/// until every send had returned (a cancel drops what is still queued for a busy subscriber). The reference passing the same checks shows they ask nothing of ours
/// that a plain subject does not do.
///
/// `SHOP_MODEL_OPERATIONS` sets the operations per subject (default 20,000; `make tsan` runs more),
/// `SHOP_MODEL_SEED` the first seed.
@Suite(.serialized) struct SubjectModelTests {
  static let operations =
    Int(ProcessInfo.processInfo.environment["SHOP_MODEL_OPERATIONS"] ?? "") ?? 20_000
  static let firstSeed = UInt64(ProcessInfo.processInfo.environment["SHOP_MODEL_SEED"] ?? "") ?? 0x5EED
  static let threads = 4
  static let operationsPerThreadPerRound = 400

  @Test func theReferenceSubjectKeepsEveryPromiseTheChecksAskFor() {
    let findings = Self.run { ModelSubject(ReferenceSubject<Stamp>()) }
    #expect(findings == [], "\(findings.prefix(5))")
  }

  @Test func passthroughSubjectKeepsTheSamePromisesAsTheReference() {
    let findings = Self.run { ModelSubject(PassthroughSubject<Stamp, Never>()) }
    #expect(findings == [], "\(findings.prefix(5))")
  }

  @Test func currentValueSubjectKeepsTheSamePromisesAsTheReference() {
    let findings = Self.run {
      ModelSubject(CurrentValueSubject<Stamp, Never>(Stamp(thread: -1, sequence: 0, start: 0)))
    }
    #expect(findings == [], "\(findings.prefix(5))")
  }

  @Test func aPassthroughSubjectsOwnSinkKeepsTheSamePromisesAsTheReference() {
    let findings = Self.run { ModelSubject(ownSinksOf: PassthroughSubject<Stamp, Never>()) }
    #expect(findings == [], "\(findings.prefix(5))")
  }

  @Test func aCurrentValueSubjectsOwnSinkKeepsTheSamePromisesAsTheReference() {
    let findings = Self.run {
      ModelSubject(ownSinksOf: CurrentValueSubject<Stamp, Never>(Stamp(thread: -1, sequence: 0, start: 0)))
    }
    #expect(findings == [], "\(findings.prefix(5))")
  }

  /// The checks catch a subject that breaks a promise: here, one that ignores demand.
  @Test func theChecksFindASubjectThatIgnoresDemand() {
    let findings = Self.run(operations: 4_000) { ModelSubject(ReferenceSubject<Stamp>(ignoresDemand: true)) }
    #expect(findings.contains { $0.contains("more values than requested") })
  }

  /// Runs rounds of random operations against fresh subjects until `operations` are done; returns
  /// what the checks found, each naming its seed.
  static func run(operations: Int = operations, _ makeSubject: () -> ModelSubject) -> [String] {
    var findings: [String] = []
    var done = 0
    var seed = firstSeed
    while done < operations {
      findings += Round(seed: seed, subject: makeSubject()).run()
      done += threads * operationsPerThreadPerRound
      seed &+= 1
    }
    return findings
  }
}

/// A value a model round sends: who sent it, its place among that thread's sends, and the tick at
/// which its send began.
struct Stamp: Sendable, Equatable {
  var thread: Int
  var sequence: Int
  var start: Int
}

/// A subject under test, whatever its type.
struct ModelSubject: Sendable {
  let send: @Sendable (Stamp) -> Void
  let finish: @Sendable () -> Void
  let subscribe: @Sendable (ModelSubscriber) -> Void
  /// `Publisher.sink`, a `Subscribers.Sink`, unless made by the initialisers for a subject's own.
  var sink: @Sendable (@escaping (Stamp) -> Void, @escaping () -> Void) -> AnyCancellable

  init<S: Subject & Sendable>(_ subject: S) where S.Output == Stamp, S.Failure == Never {
    send = { subject.send($0) }
    finish = { subject.send(completion: .finished) }
    subscribe = { subject.subscribe($0) }
    sink = { value, completion in subject.sink(receiveCompletion: { _ in completion() }, receiveValue: value)
    }
  }

  /// Sinks made with the subject's own `sink`, which attaches the closures with no
  /// `Subscribers.Sink` between.
  init(ownSinksOf subject: PassthroughSubject<Stamp, Never>) {
    self.init(subject)
    sink = { value, completion in subject.sink(receiveCompletion: { _ in completion() }, receiveValue: value)
    }
  }

  /// Sinks made with the subject's own `sink`.
  init(ownSinksOf subject: CurrentValueSubject<Stamp, Never>) {
    self.init(subject)
    sink = { value, completion in subject.sink(receiveCompletion: { _ in completion() }, receiveValue: value)
    }
  }

  init(_ subject: ReferenceSubject<Stamp>) {
    send = { subject.send($0) }
    finish = { subject.sendFinished() }
    subscribe = { subject.subscribe($0) }
    sink = { value, completion in subject.sink(receiveCompletion: { _ in completion() }, receiveValue: value)
    }
  }
}

/// The reference subject: a lock around the subscriber list, copied before each delivery, and a
/// recursive lock per subscriber held while it is called, so that its calls never overlap.
final class ReferenceSubject<Output>: Publisher, @unchecked Sendable {
  typealias Failure = Never

  private let lock = NSLock()
  private var conduits: [Conduit] = []
  private var finished = false
  private let ignoresDemand: Bool

  init(ignoresDemand: Bool = false) {
    self.ignoresDemand = ignoresDemand
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    let conduit = Conduit(AnySubscriber(subscriber), parent: self)
    lock.lock()
    let finished = finished
    if !finished { conduits.append(conduit) }
    lock.unlock()
    conduit.start(finished: finished)
  }

  func send(_ value: Output) {
    lock.lock()
    let copy = finished ? [] : conduits
    lock.unlock()
    for conduit in copy { conduit.offer(value) }
  }

  func sendFinished() {
    lock.lock()
    let copy = finished ? [] : conduits
    finished = true
    conduits = []
    lock.unlock()
    for conduit in copy { conduit.finish() }
  }

  fileprivate func remove(_ conduit: Conduit) {
    lock.lock()
    conduits.removeAll { $0 === conduit }
    lock.unlock()
  }

  fileprivate final class Conduit: Subscription, @unchecked Sendable {
    private let calls = NSRecursiveLock()
    private let lock = NSLock()
    private var downstream: AnySubscriber<Output, Never>?
    private var demand = Subscribers.Demand.none
    private var parent: ReferenceSubject?

    init(_ downstream: AnySubscriber<Output, Never>, parent: ReferenceSubject) {
      self.downstream = downstream
      self.parent = parent
    }

    func start(finished: Bool) {
      calls.lock()
      defer { calls.unlock() }
      lock.lock()
      let downstream = downstream
      lock.unlock()
      downstream?.receive(subscription: self)
      if finished { self.finish() }
    }

    func offer(_ value: Output) {
      calls.lock()
      defer { calls.unlock() }
      lock.lock()
      guard let downstream, demand > 0 || parent?.ignoresDemand == true else {
        lock.unlock()
        return
      }
      if demand > 0 { demand -= 1 }
      lock.unlock()
      let more = downstream.receive(value)
      lock.lock()
      demand += more
      lock.unlock()
    }

    func finish() {
      calls.lock()
      defer { calls.unlock() }
      lock.lock()
      let downstream = downstream
      self.downstream = nil
      parent = nil
      lock.unlock()
      downstream?.receive(completion: .finished)
    }

    func request(_ more: Subscribers.Demand) {
      lock.lock()
      demand += more
      lock.unlock()
    }

    func cancel() {
      lock.lock()
      downstream = nil
      let parent = parent
      self.parent = nil
      lock.unlock()
      parent?.remove(self)
    }
  }
}

/// One subscriber's history in a model round, and when its subscribe and cancel happened.
final class History: @unchecked Sendable {
  let name: String
  /// Whether it asked for every value at once: then each value sent while it was attached is owed.
  let unlimited: Bool
  /// Whether the subscriber is a sink.
  let isSink: Bool
  private let lock = NSLock()
  private var values: [Stamp] = []
  private var completions = 0
  private var valuesAfterCompletion = 0
  private var overlaps = 0
  private var startsAfterCancel = 0
  private var inside = false
  /// Ticks; `Int.max` until they happen.
  private(set) var subscribed = Int.max
  private(set) var cancelStarted = Int.max
  private(set) var cancelReturned = Int.max
  private let cancelHasReturned = Atomic<Bool>(false)
  /// Demand asked for so far; counted before each request is made.
  private var requested = 0

  init(name: String, unlimited: Bool, isSink: Bool = false) {
    self.name = name
    self.unlimited = unlimited
    self.isSink = isSink
  }

  func receive(_ value: Stamp) {
    let late = cancelHasReturned.load(ordering: .sequentiallyConsistent)
    lock.lock()
    if late { startsAfterCancel += 1 }
    if inside { overlaps += 1 }
    inside = true
    if completions > 0 { valuesAfterCompletion += 1 }
    values.append(value)
    inside = false
    lock.unlock()
  }

  func receiveCompletion() {
    lock.withLock { completions += 1 }
  }

  func noteRequested(_ count: Int) { lock.withLock { requested += count } }
  func noteSubscribed(at tick: Int) { lock.withLock { subscribed = tick } }
  func noteCancelStarted(at tick: Int) { lock.withLock { cancelStarted = tick } }
  func noteCancelReturned(at tick: Int) {
    cancelHasReturned.store(true, ordering: .sequentiallyConsistent)
    lock.withLock { cancelReturned = tick }
  }

  /// What breaks a promise; `sends` are every send of the round, `everySendReturned` a tick after
  /// the last of them returned, `finished` the tick the completion was sent at (`Int.max` if not).
  func findings(sends: [(stamp: Stamp, end: Int)], everySendReturned: Int, finished: Int, threads: Int)
    -> [String]
  {
    lock.lock()
    defer { lock.unlock() }
    var found: [String] = []
    var last = Array(repeating: -1, count: threads)
    for value in values where value.thread >= 0 {
      if value.sequence <= last[value.thread] {
        found.append("\(name): thread \(value.thread)'s value \(value.sequence) after \(last[value.thread])")
      }
      last[value.thread] = value.sequence
      if value.start > cancelReturned {
        found.append("\(name): value sent at \(value.start) after cancel returned at \(cancelReturned)")
      }
    }
    // Only a sink promises that no call starts after cancel() returned; any subscriber, that no
    // value sent after it arrives.
    if isSink && startsAfterCancel > 0 {
      found.append("\(name): \(startsAfterCancel) calls started after cancel returned")
    }
    if overlaps > 0 { found.append("\(name): \(overlaps) calls overlapped") }
    if completions > 1 { found.append("\(name): \(completions) completions") }
    if valuesAfterCompletion > 0 {
      found.append("\(name): \(valuesAfterCompletion) values after the completion")
    }
    if !unlimited && values.count > requested {
      found.append("\(name): \(values.count) values, more values than requested (\(requested))")
    }
    // A value still queued for a thread that is calling the subscriber when it is cancelled is
    // dropped, so only a subscriber attached until every send had returned is owed every value.
    if unlimited && cancelStarted > everySendReturned {
      let received = Set(values.map { $0.thread << 32 | $0.sequence })
      for send in sends
      where send.stamp.start > subscribed && send.end < finished
        && !received.contains(send.stamp.thread << 32 | send.stamp.sequence)
      {
        found.append("\(name): missed thread \(send.stamp.thread)'s value \(send.stamp.sequence)")
        break
      }
    }
    return found
  }
}

/// A subscriber that asks for a limited demand at first, and more when told.
final class ModelSubscriber: Subscriber, @unchecked Sendable {
  typealias Input = Stamp
  typealias Failure = Never

  let history: History
  private let initial: Int
  private let subscription = Locked<(any Subscription)?>(nil)

  init(history: History, initial: Int) {
    self.history = history
    self.initial = initial
  }

  func receive(subscription: any Subscription) {
    self.subscription.withLock { $0 = subscription }
    if initial > 0 { subscription.request(.max(initial)) }
  }

  func receive(_ input: Stamp) -> Subscribers.Demand {
    history.receive(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    history.receiveCompletion()
  }

  func request(_ count: Int) {
    subscription.value?.request(.max(count))
  }

  func cancel() {
    subscription.value?.cancel()
  }
}

/// One round: `SubjectModelTests.threads` threads each run their own seeded sequence of operations
/// against one subject, then every history is checked.
struct Round {
  let seed: UInt64
  let subject: ModelSubject

  private final class Shared: @unchecked Sendable {
    let clock = Atomic<Int>(0)
    let finished = Atomic<Int>(Int.max)
    let lock = NSLock()
    var histories: [History] = []
    var sends: [(stamp: Stamp, end: Int)] = []
    fileprivate var attached: [Attached] = []

    func tick() -> Int { clock.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue }
  }

  /// What one thread keeps attached: a sink's cancellable, or a subscriber it can also request on.
  fileprivate enum Attached {
    case sink(AnyCancellable, History)
    case subscriber(ModelSubscriber)

    var history: History {
      switch self {
      case .sink(_, let history): history
      case .subscriber(let subscriber): subscriber.history
      }
    }

    func cancel() {
      switch self {
      case .sink(let cancellable, _): cancellable.cancel()
      case .subscriber(let subscriber): subscriber.cancel()
      }
    }
  }

  func run() -> [String] {
    let shared = Shared()
    let subject = subject
    let seed = seed
    let threads = SubjectModelTests.threads
    let perThread = SubjectModelTests.operationsPerThreadPerRound
    // In one round of four, one thread completes the subject halfway.
    let finishesHalfway = seed % 4 == 0
    let bodies: [@Sendable () -> Void] = (0..<threads).map { thread in
      {
        var random = ModelRandom(seed: seed &* 0x9E37_79B9 &+ UInt64(thread))
        var attached: [Attached] = []
        var histories: [History] = []
        var sends: [(stamp: Stamp, end: Int)] = []
        var sequence = 0
        var made = 0
        for step in 0..<perThread {
          if finishesHalfway && thread == 0 && step == perThread / 2 {
            shared.finished.store(shared.tick(), ordering: .sequentiallyConsistent)
            subject.finish()
            continue
          }
          switch random.next() % 100 {
          case 0..<50:
            let stamp = Stamp(thread: thread, sequence: sequence, start: shared.tick())
            subject.send(stamp)
            sends.append((stamp, shared.tick()))
            sequence += 1
          case 50..<65 where attached.count < 8:
            made += 1
            let name = "seed \(seed) thread \(thread) subscriber \(made)"
            switch random.next() % 3 {
            case 0:
              let history = History(name: name + " (sink)", unlimited: true, isSink: true)
              let cancellable = subject.sink({ history.receive($0) }, { history.receiveCompletion() })
              history.noteSubscribed(at: shared.tick())
              histories.append(history)
              attached.append(.sink(cancellable, history))
            default:
              let unlimited = random.next() % 2 == 0
              let initial = unlimited ? Int.max : Int(random.next() % 4)
              let history = History(
                name: name + (unlimited ? " (unlimited)" : " (limited)"), unlimited: unlimited)
              history.noteRequested(initial)
              let subscriber = ModelSubscriber(history: history, initial: unlimited ? 0 : initial)
              subject.subscribe(subscriber)
              if unlimited { subscriber.request(Int.max) }
              history.noteSubscribed(at: shared.tick())
              histories.append(history)
              attached.append(.subscriber(subscriber))
            }
          case 65..<82 where !attached.isEmpty:
            let index = Int(random.next() % UInt64(attached.count))
            let chosen = attached.remove(at: index)
            chosen.history.noteCancelStarted(at: shared.tick())
            chosen.cancel()
            chosen.history.noteCancelReturned(at: shared.tick())
          case 82..<100:
            let limited = attached.compactMap { attached -> ModelSubscriber? in
              if case .subscriber(let subscriber) = attached, !subscriber.history.unlimited {
                return subscriber
              }
              return nil
            }
            guard let subscriber = limited.isEmpty ? nil : limited[Int(random.next() % UInt64(limited.count))]
            else { continue }
            let count = 1 + Int(random.next() % 3)
            subscriber.history.noteRequested(count)
            subscriber.request(count)
          default:
            continue
          }
        }
        shared.lock.withLock {
          shared.histories += histories
          shared.sends += sends
          shared.attached += attached
        }
      }
    }
    let finished = allCompleteInTime(seconds: 60, bodies)
    guard finished else { return ["seed \(seed): a round did not finish in 60 s"] }
    let everySendReturned = shared.tick()
    // Those still attached are cancelled once every thread is done.
    for chosen in shared.attached {
      chosen.history.noteCancelStarted(at: shared.tick())
      chosen.cancel()
      chosen.history.noteCancelReturned(at: shared.tick())
    }
    let finishedAt = shared.finished.load(ordering: .sequentiallyConsistent)
    return shared.histories.flatMap {
      $0.findings(
        sends: shared.sends, everySendReturned: everySendReturned, finished: finishedAt, threads: threads)
    }
  }
}

/// SplitMix64: a seeded generator, so that a failing round can be run again.
struct ModelRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
