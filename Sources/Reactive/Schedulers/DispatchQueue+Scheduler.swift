import Dispatch

extension DispatchQueue: Scheduler {
  /// A point in dispatch time.
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The dispatch time this value stands for.
    public var dispatchTime: DispatchTime

    /// Creates a scheduler time from a dispatch time.
    public init(_ time: DispatchTime) {
      dispatchTime = time
    }

    /// The interval from this time to `other`. As Combine's, it is `Int.max` nanoseconds to or from the
    /// distant future, and whenever the difference does not fit in an `Int`, either way.
    public func distance(to other: SchedulerTimeType) -> Stride {
      let start = dispatchTime.uptimeNanoseconds
      let end = other.dispatchTime.uptimeNanoseconds
      if start == end { return Stride(nanoseconds: 0) }
      let forever = DispatchTime.distantFuture.uptimeNanoseconds
      guard start != forever, end != forever, let from = Int(exactly: start), let to = Int(exactly: end)
      else { return Stride(nanoseconds: .max) }
      let (difference, overflow) = to.subtractingReportingOverflow(from)
      return Stride(nanoseconds: overflow ? .max : difference)
    }

    /// The time `n` later (or earlier, when negative). The distant future stays there, a time past the
    /// largest uptime is the distant future, and a time before the first nanosecond of uptime is that
    /// nanosecond (dispatch reads uptime zero as "now").
    public func advanced(by n: Stride) -> SchedulerTimeType {
      let base = dispatchTime.uptimeNanoseconds
      guard base != DispatchTime.distantFuture.uptimeNanoseconds else { return self }
      let target: UInt64
      if n.magnitude >= 0 {
        // Past the largest dispatch time (Int.max nanoseconds) is the distant future, as in Combine.
        let (sum, overflow) = base.addingReportingOverflow(UInt64(n.magnitude))
        target = overflow || sum > UInt64(Int.max) ? DispatchTime.distantFuture.uptimeNanoseconds : sum
      } else {
        let back = n.magnitude.magnitude
        target = base > back ? max(1, base - UInt64(back)) : 1
      }
      return SchedulerTimeType(DispatchTime(uptimeNanoseconds: target))
    }

    /// Encodes the time as nanoseconds of uptime.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(dispatchTime.uptimeNanoseconds)
    }

    /// Decodes a time written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
    }

    /// Hashes the uptime.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(dispatchTime.uptimeNanoseconds)
    }

    /// Equal when the uptimes are equal.
    @inlinable
    public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime.rawValue == rhs.dispatchTime.rawValue
    }

    /// Ordered by uptime. The raw dispatch time counts uptime in the clock's own units, so it orders
    /// the same and is read without a call into Dispatch.
    @inlinable
    public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime.rawValue < rhs.dispatchTime.rawValue
    }

    /// An interval of dispatch time, counted in nanoseconds. Literals count seconds.
    ///
    /// Building one from a count of units, and adding, subtracting or multiplying them, saturates at
    /// `Int.max` and `Int.min` nanoseconds instead of trapping or wrapping.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByFloatLiteral, Hashable, Codable, Sendable
    {
      /// The length in nanoseconds; negative for an interval back in time.
      public var magnitude: Int

      /// The length as a dispatch interval.
      public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

      /// Creates an interval of `nanoseconds`.
      public init(nanoseconds: Int) { magnitude = nanoseconds }

      /// Creates an interval from a dispatch interval; `.never`, and anything longer than `Int.max`
      /// nanoseconds, becomes the largest interval (the shortest, for negative ones).
      public init(_ timeInterval: DispatchTimeInterval) {
        switch timeInterval {
        case .seconds(let s): magnitude = SaturatingNanoseconds.product(s, 1_000_000_000)
        case .milliseconds(let ms): magnitude = SaturatingNanoseconds.product(ms, 1_000_000)
        case .microseconds(let us): magnitude = SaturatingNanoseconds.product(us, 1000)
        case .nanoseconds(let ns): magnitude = ns
        case .never: magnitude = .max
        @unknown default: magnitude = .max
        }
      }

      /// An interval of `value` seconds, saturating.
      public init(floatLiteral value: Double) { magnitude = SaturatingNanoseconds.fromSeconds(value) }
      /// An interval of `value` seconds, saturating.
      public init(integerLiteral value: Int) {
        magnitude = SaturatingNanoseconds.product(value, 1_000_000_000)
      }
      /// An interval of `source` seconds, when it converts exactly.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = Int(exactly: source) else { return nil }
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        magnitude = nanoseconds
      }

      /// Orders intervals.
      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      /// The sum, saturating.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: SaturatingNanoseconds.sum(lhs.magnitude, rhs.magnitude))
      }
      /// Adds `rhs`.
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      /// The difference, saturating.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: SaturatingNanoseconds.difference(lhs.magnitude, rhs.magnitude))
      }
      /// Subtracts `rhs`.
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
      /// The product of the lengths in seconds, saturating, as Combine's: `.seconds(2) * .seconds(3)`
      /// is six seconds, and `.nanoseconds(18) * .nanoseconds(1)` is nothing.
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(
          nanoseconds: SaturatingNanoseconds.fromSeconds(
            (Double(lhs.magnitude) / 1_000_000_000) * (Double(rhs.magnitude) / 1_000_000_000)))
      }

      private enum CodingKeys: String, CodingKey {
        case nanoseconds = "_nanoseconds"
      }

      /// Decodes an interval written by ``encode(to:)``.
      public init(from decoder: any Decoder) throws {
        magnitude = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .nanoseconds)
      }

      /// Encodes the interval as Combine's does: `{"_nanoseconds": N}`.
      public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(magnitude, forKey: .nanoseconds)
      }
      /// Multiplies by `rhs`.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

      /// Whole seconds, saturating.
      public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }
      /// Fractional seconds, saturating; not-a-number is the largest interval.
      public static func seconds(_ s: Double) -> Stride {
        Stride(nanoseconds: SaturatingNanoseconds.fromSeconds(s))
      }
      /// Milliseconds.
      public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
      /// Microseconds.
      public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
      /// Nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
    }
  }

  /// How an action scheduled on a queue runs.
  public struct SchedulerOptions {
    /// The quality of service of the work item.
    public var qos: DispatchQoS
    /// The work item's flags.
    public var flags: DispatchWorkItemFlags
    /// A group the work item joins, for immediate actions.
    public var group: DispatchGroup?

    /// Creates options.
    public init(
      qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil
    ) {
      self.qos = qos
      self.flags = flags
      self.group = group
    }
  }

  /// The queue's clock: uptime now.
  public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

  /// Zero: a timer fires at its date unless a tolerance is given.
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// Runs `action` asynchronously on the queue.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    guard let options else {
      // The action is handed to the queue as it is, rather than inside a second closure that
      // captures it: one allocation per value fewer (the `receive(on:)` row of `make bench`). A
      // scheduler's action runs on the scheduler's thread by contract, which is what Combine's
      // non-`Sendable` action type says; the cast only restates that for Swift 6. It casts the
      // closure inside a struct: `unsafeBitCast` of the closure itself passes it through a generic
      // parameter, which wraps it in two reabstraction thunks, two allocations more per value.
      async(execute: unsafeBitCast(SchedulerAction(run: action), to: SendableSchedulerAction.self).run)
      return
    }
    let work = UncheckedSendable(action)
    async(group: options.group, qos: options.qos, flags: options.flags) {
      work.value()
    }
  }

  /// Runs `action` on the queue at `date`, at most `tolerance` late.
  ///
  /// A one-shot timer source with `tolerance` as its leeway: `asyncAfter` would allow a tenth of the
  /// delay as leeway, 10 ms for a 100 ms debounce.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let timer = DispatchSource.makeTimerSource(queue: self)
    let work = UncheckedSendable(action)
    timer.setEventHandler(qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
      timer.cancel()
      work.value()
    }
    timer.schedule(deadline: date.dispatchTime, leeway: Self.leeway(tolerance))
    timer.resume()
  }

  /// Runs `action` on the queue at `date` and then every `interval`, until cancelled.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    let timer = DispatchSource.makeTimerSource(queue: self)
    let work = UncheckedSendable(action)
    timer.setEventHandler(qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
      work.value()
    }
    timer.schedule(
      deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: Self.leeway(tolerance))
    timer.resume()
    return AnyCancellable { timer.cancel() }
  }

  private static func leeway(_ tolerance: SchedulerTimeType.Stride) -> DispatchTimeInterval {
    .nanoseconds(max(0, tolerance.magnitude))
  }
}

/// Carries a value the compiler cannot prove `Sendable` across a dispatch boundary. Used where a
/// scheduler hands an action to the queue that Combine's own signatures leave non-`Sendable`; the
/// scheduler's contract, not the type system, makes running it there correct.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// A scheduler's action, as a field, so that it can be reinterpreted as ``SendableSchedulerAction``
/// without reabstraction (both closures have the same representation).
private struct SchedulerAction {
  let run: () -> Void
}

/// A scheduler's action, seen as `Sendable` for a queue that runs it on its own thread.
private struct SendableSchedulerAction {
  let run: @Sendable () -> Void
}
