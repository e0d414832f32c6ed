/// The decisions of the operators that merge the values of several upstreams into one stream
/// (``Publishers/Merge``, ``Publishers/Merge3``, ``Publishers/MergeMany``, ``Publishers/FlatMap``).
///
/// While the downstream's demand is bounded, each source has one value of demand outstanding; once it is
/// unlimited, so is every source's. A value that finds no downstream demand waits, in arrival order, and
/// goes out as demand comes, its source then asked for one more. The stream finishes once no more sources
/// can come and every source has finished with its values delivered; the first failure ends it at once,
/// cancelling the other sources (and, under the ``Rules/merge`` rules, the one that failed too).
@usableFromInline
struct MergeState<Value, Failure: Error>: FanInState {
  /// Whose rules the machine follows where Combine's `merge` and `flatMap` differ.
  @usableFromInline
  enum Rules {
    /// Combine's `merge` of a fixed set of upstreams: a failure cancels every upstream, the one that
    /// failed too (OpenCombine's `MergeTests.testBCancelledAfterAFailed`); a source keeps one value
    /// waiting, its latest, and the waiting values go out in source order
    /// (`MergeTests.testUpstreamExceedsDemand`).
    case merge
    /// `flatMap`'s: a failure cancels the other sources; every value waits, in arrival order.
    case flatMap
  }

  @usableFromInline
  struct Source {
    @usableFromInline let id: Int
    @usableFromInline var subscription: (any Subscription)?

    @inlinable
    init(id: Int, subscription: (any Subscription)?) {
      self.id = id
      self.subscription = subscription
    }
  }

  @usableFromInline var queue = DeliveryQueue<Value, Failure>()
  /// Sources that have not finished, in the order they were added.
  @usableFromInline var sources: [Source] = []
  /// Values that found no demand: oldest first, or under the ``Rules/merge`` rules one a source, in
  /// source order.
  @usableFromInline var waiting: [(source: Int, value: Value)] = []
  @usableFromInline var waitingHead = 0
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var nextID = 0
  /// Whether more sources may still be added (flatMap's upstream has not finished).
  @usableFromInline var acceptsSources = true
  @usableFromInline var isOver = false
  @usableFromInline let rules: Rules

  /// A machine with no sources yet, following `rules`.
  @inlinable
  init(rules: Rules) {
    self.rules = rules
  }

  /// Whether the stream has ended, by completion or cancel.
  @inlinable
  var hasEnded: Bool { isOver }

  /// Registers a new source; returns its number, or `nil` when the stream is over.
  @inlinable
  mutating func addSource() -> Int? {
    guard !isOver, acceptsSources else { return nil }
    defer { nextID += 1 }
    sources.append(Source(id: nextID, subscription: nil))
    return nextID
  }

  /// Notes that no more sources will come: the stream can finish once those there are have.
  @inlinable
  mutating func closeSources() {
    acceptsSources = false
    finishIfDone()
  }

  @inlinable
  mutating func subscribe(_ subscription: any Subscription, source: Int) -> Subscribers.Demand? {
    guard !isOver, let index = index(of: source), sources[index].subscription == nil else { return nil }
    sources[index].subscription = subscription
    return demand == .unlimited ? .unlimited : .max(1)
  }

  @inlinable
  mutating func receive(_ value: Value, source: Int) -> (Subscribers.Demand, FanInEffects) {
    (accept(value, from: source), .none)
  }

  /// Queues or holds back a value; returns the demand its source may use on top.
  @inlinable
  mutating func accept(_ value: Value, from source: Int) -> Subscribers.Demand {
    guard !isOver, index(of: source) != nil else { return .none }
    if demand == .unlimited {
      queue.append(value)
      return .none
    }
    if demand > 0, waitingHead == waiting.count {
      demand -= 1
      queue.append(value)
      return .max(1)
    }
    if rules == .merge {
      hold(value, from: source)
    } else {
      waiting.append((source, value))
    }
    return .none
  }

  /// Keeps `value` as the one waiting value of `source`, in source order, in place of any it had.
  @inlinable
  mutating func hold(_ value: Value, from source: Int) {
    var position = waiting.count
    for index in waitingHead..<waiting.count {
      if waiting[index].source == source {
        waiting[index].value = value
        return
      }
      if waiting[index].source > source {
        position = index
        break
      }
    }
    waiting.insert((source, value), at: position)
  }

  @inlinable
  mutating func finish(source: Int) -> FanInEffects {
    guard !isOver, let index = index(of: source) else { return .none }
    sources.remove(at: index)
    finishIfDone()
    return .none
  }

  @inlinable
  mutating func fail(_ failure: Failure, source: Int) -> FanInEffects {
    fail(failure, keeping: source)
  }

  /// Ends the stream with `failure`, cancelling every source but `source` (which failed) under the
  /// ``Rules/flatMap`` rules, every source under the ``Rules/merge`` rules; `nil` cancels them all.
  @inlinable
  mutating func fail(_ failure: Failure, keeping source: Int?) -> FanInEffects {
    guard !isOver else { return .none }
    if let source, index(of: source) == nil { return .none }
    isOver = true
    var effects = FanInEffects()
    let kept = rules == .merge ? nil : source
    effects.cancels = sources.compactMap { $0.id == kept ? nil : $0.subscription }
    sources = []
    clearWaiting()
    queue.append(completion: .failure(failure))
    return effects
  }

  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> FanInEffects {
    guard !isOver, more != .none else { return .none }
    let wasUnlimited = demand == .unlimited
    demand += more
    var effects = FanInEffects()
    while demand > 0, waitingHead < waiting.count {
      let (source, value) = waiting[waitingHead]
      waitingHead += 1
      queue.append(value)
      if demand != .unlimited {
        demand -= 1
        if let index = index(of: source), let subscription = sources[index].subscription {
          effects.requests.append((subscription, .max(1)))
        }
      }
    }
    if waitingHead == waiting.count { clearWaiting() }
    if !wasUnlimited, demand == .unlimited {
      effects.requests += sources.compactMap { source in source.subscription.map { ($0, .unlimited) } }
    }
    finishIfDone()
    return effects
  }

  @inlinable
  mutating func cancel() -> FanInEffects {
    guard !isOver else { return .none }
    isOver = true
    var effects = FanInEffects()
    effects.cancels = sources.compactMap(\.subscription)
    sources = []
    clearWaiting()
    return effects
  }

  @inlinable
  func index(of source: Int) -> Int? {
    sources.firstIndex { $0.id == source }
  }

  @inlinable
  mutating func clearWaiting() {
    waiting = []
    waitingHead = 0
  }

  @inlinable
  mutating func finishIfDone() {
    guard !isOver, !acceptsSources, sources.isEmpty, waitingHead == waiting.count else { return }
    isOver = true
    queue.append(completion: .finished)
  }
}

extension FanInSubscription where State == MergeState<Downstream.Input, Downstream.Failure> {
  /// Starts a merge of a fixed set of sources: hands `downstream` this subscription, then subscribes to
  /// each source through `subscribe`, in order. With no sources the stream finishes at once.
  @inlinable
  func startMerging(
    _ downstream: Downstream,
    sources subscribe: [(FanInSide<Downstream.Input, State, Downstream>) -> Void]
  ) {
    let ids = updateReturning { state in (subscribe.compactMap { _ in state.addSource() }, .none) }
    downstream.receive(subscription: self)
    update { state in
      state.closeSources()
      return .none
    }
    for (id, subscribe) in zip(ids, subscribe) {
      subscribe(side(id, lift: { $0 }))
    }
  }
}
