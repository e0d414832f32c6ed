import Reactive
import Testing

/// A decoder of numbers that reads a number as itself and throws ``TestError/boom`` for 13, so that
/// `decode` can sit on the same publishers of numbers as `encode` with ``TextCoder``.
struct NumberDecoder: TopLevelDecoder {
  func decode<T: Decodable>(_ type: T.Type, from input: Int) throws -> T {
    guard input != 13, let value = input as? T else { throw TestError.boom }
    return value
  }
}

/// What `encode` and `decode` do alike at the edges, as the generic tests of OpenCombine's
/// EncodeTests (at 0239e54, the version stored) show Combine's: each check runs with `encode` (13
/// makes ``TextCoder`` throw) and with `decode` (13 makes ``NumberDecoder`` throw).
@Suite struct CodingOperatorTests {
  /// The operator under test, its failure mapped to ``TestError``.
  private static func encoded(_ upstream: some Publisher<Int, Never>) -> some Publisher<String, TestError> {
    upstream.encode(encoder: TextCoder()).mapError { ($0 as? TestError) ?? .other }
  }

  private static func decoded(_ upstream: some Publisher<Int, Never>) -> some Publisher<Int, TestError> {
    upstream.decode(type: Int.self, decoder: NumberDecoder()).mapError { ($0 as? TestError) ?? .other }
  }

  /// Two values, a finish, then a value: the downstream's history and the demands returned.
  private static func valueAfterTheFinish<P: Publisher>(_ make: (ManualPublisher<Int, Never>) -> P) -> (
    [Event<P.Output, P.Failure>], [Subscribers.Demand]
  ) where P.Output: Equatable, P.Failure: Equatable {
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<P.Output, P.Failure>()
    make(upstream).subscribe(recorder)
    let demands = [upstream.send(1), upstream.send(2)]
    upstream.send(completion: .finished)
    return (recorder.events, demands + [upstream.send(3)])
  }

  // OpenCombine's EncodeTests testEncodingSuccess and testDecodingSuccess, at 0239e54.
  @Test func aValueAfterTheFinishIsNotPassedOn() {
    let (encodedEvents, encodedDemands) = Self.valueAfterTheFinish(Self.encoded)
    #expect(encodedEvents == [.subscription, .value("<1>"), .value("<2>"), .completion(.finished)])
    #expect(encodedDemands == [.none, .none, .none])
    let (decodedEvents, decodedDemands) = Self.valueAfterTheFinish(Self.decoded)
    #expect(decodedEvents == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(decodedDemands == [.none, .none, .none])
  }

  /// A value the coder throws for, with the downstream asking for more from inside the upstream's
  /// cancel: the downstream's history at the cancel and after, the upstream's calls, and the demand
  /// returned for the value and for one after it.
  private static func codingFailure<P: Publisher>(_ make: (AnyPublisher<Int, Never>) -> P) -> (
    atCancel: [Event<P.Output, P.Failure>], after: [Event<P.Output, P.Failure>],
    calls: [RecordingSubscription.Call], demands: [Subscribers.Demand]
  ) where P.Output: Equatable, P.Failure: Equatable {
    let upstream = ManualPublisher<Int, Never>()
    let downstream = DemandKeeper<P.Output, P.Failure>()
    let atCancel = Locked<[Event<P.Output, P.Failure>]>([])
    let observed = upstream.handleEvents(receiveCancel: {
      downstream.subscription?.request(.max(42))
      atCancel.withLock { $0 = downstream.events }
    })
    make(observed.eraseToAnyPublisher()).subscribe(downstream)
    let demands = [upstream.send(13), upstream.send(2)]
    return (atCancel.value, downstream.events, upstream.subscription.calls, demands)
  }

  // OpenCombine's EncodeTests testEncodingFailure and testDecodingFailure, at 0239e54.
  @Test func aCodersErrorCancelsUpstreamBeforeTheFailureAndARequestMeanwhileGoesNowhere() {
    let encode = Self.codingFailure(Self.encoded)
    #expect(encode.atCancel == [.subscription])
    #expect(encode.after == [.subscription, .completion(.failure(.boom))])
    #expect(encode.calls == [.request(.unlimited), .cancel])
    #expect(encode.demands == [.none, .none])
    let decode = Self.codingFailure(Self.decoded)
    #expect(decode.atCancel == [.subscription])
    #expect(decode.after == [.subscription, .completion(.failure(.boom))])
    #expect(decode.calls == [.request(.unlimited), .cancel])
    #expect(decode.demands == [.none, .none])
  }

  /// The downstream cancels, and cancels again from inside the upstream's cancel (up to five times):
  /// how many times the upstream was cancelled.
  private static func cancelsFromInsideTheCancel<P: Publisher>(_ make: (AnyPublisher<Int, Never>) -> P)
    -> Int
  {
    let upstream = ManualPublisher<Int, Never>()
    let downstream = SubscriptionProbe<P.Output, P.Failure>()
    let cancels = Locked(0)
    let observed = upstream.handleEvents(receiveCancel: {
      let depth = cancels.withLock { count -> Int in
        count += 1
        return count
      }
      if depth < 5 { downstream.subscription?.cancel() }
    })
    make(observed.eraseToAnyPublisher()).subscribe(downstream)
    downstream.subscription?.cancel()
    return cancels.value
  }

  // OpenCombine's EncodeTests testEncodeCancelsSubscriptionThenReleasesIt and
  // testDecodeCancelsSubscriptionThenReleasesIt, at 0239e54.
  @Test func aCancelFromInsideTheUpstreamsCancelDoesNotReachItAgain() {
    #expect(Self.cancelsFromInsideTheCancel(Self.encoded) == 1)
    #expect(Self.cancelsFromInsideTheCancel(Self.decoded) == 1)
  }

  /// Two finishes, then two requests: the downstream's history and the upstream's calls.
  private static func finishedTwice<P: Publisher>(_ make: (ManualPublisher<Int, Never>) -> P) -> (
    [Event<P.Output, P.Failure>], [RecordingSubscription.Call]
  ) where P.Output: Equatable, P.Failure: Equatable {
    let upstream = ManualPublisher<Int, Never>()
    let downstream = DemandKeeper<P.Output, P.Failure>(request: .none)
    make(upstream).subscribe(downstream)
    upstream.send(completion: .finished)
    upstream.send(completion: .finished)
    downstream.subscription?.request(.max(1))
    downstream.subscription?.request(.max(1))
    return (downstream.events, upstream.subscription.calls)
  }

  // OpenCombine's EncodeTests testEncodeCompletionReleasesUpstreamSubscription and
  // testDecodeCompletionReleasesUpstreamSubscription, at 0239e54.
  @Test func theFinishIsPassedOnOnceAndLaterRequestsGoNowhere() {
    let (encodedEvents, encodedCalls) = Self.finishedTwice(Self.encoded)
    #expect(encodedEvents == [.subscription, .completion(.finished)])
    #expect(encodedCalls == [])
    let (decodedEvents, decodedCalls) = Self.finishedTwice(Self.decoded)
    #expect(decodedEvents == [.subscription, .completion(.finished)])
    #expect(decodedCalls == [])
  }

  /// Two cancels, then a value and two finishes: the downstream's history, the upstream's calls and
  /// the demand returned for the value.
  private static func cancelledTwice<P: Publisher>(_ make: (ManualPublisher<Int, Never>) -> P) -> (
    [Event<P.Output, P.Failure>], [RecordingSubscription.Call], Subscribers.Demand
  ) where P.Output: Equatable, P.Failure: Equatable {
    let upstream = ManualPublisher<Int, Never>()
    let downstream = DemandKeeper<P.Output, P.Failure>(request: .none)
    make(upstream).subscribe(downstream)
    downstream.subscription?.cancel()
    downstream.subscription?.cancel()
    let demand = upstream.send(42)
    upstream.send(completion: .finished)
    upstream.send(completion: .finished)
    return (downstream.events, upstream.subscription.calls, demand)
  }

  // OpenCombine's EncodeTests testEncodeCancellingSubscriptionPreventsDeliveringToDownstream and
  // testDecodeCancellingSubscriptionPreventsDeliveringToDownstream, at 0239e54.
  @Test func aCancelReachesUpstreamOnceAndNothingIsPassedOnAfterIt() {
    let (encodedEvents, encodedCalls, encodedDemand) = Self.cancelledTwice(Self.encoded)
    #expect(encodedEvents == [.subscription])
    #expect(encodedCalls == [.cancel])
    #expect(encodedDemand == .none)
    let (decodedEvents, decodedCalls, decodedDemand) = Self.cancelledTwice(Self.decoded)
    #expect(decodedEvents == [.subscription])
    #expect(decodedCalls == [.cancel])
    #expect(decodedDemand == .none)
  }

  /// A downstream that asks for `.max(37)` and answers each value with `.max(2)`, then cancels: the
  /// demand a value returns before and after the cancel, and the upstream's calls.
  private static func demand<P: Publisher>(_ make: (ManualPublisher<Int, Never>) -> P) -> (
    [Subscribers.Demand], [RecordingSubscription.Call]
  ) where P.Output: Equatable, P.Failure: Equatable {
    let upstream = ManualPublisher<Int, Never>()
    let downstream = Recorder<P.Output, P.Failure>(request: .max(37), extra: .max(2))
    make(upstream).subscribe(downstream)
    let before = upstream.send(37)
    downstream.cancel()
    return ([before, upstream.send(42)], upstream.subscription.calls)
  }

  // OpenCombine's EncodeTests testEncodeDemand and testDecodeDemand, at 0239e54.
  @Test func aValueReturnsTheDownstreamsDemandAndNoneAfterTheCancel() {
    for (demands, calls) in [Self.demand(Self.encoded), Self.demand(Self.decoded)] {
      #expect(demands == [.max(2), .none])
      #expect(calls == [.request(.max(37)), .cancel])
    }
  }

  // OpenCombine's EncodeTests testEncodeReceiveSubscriptionTwice and
  // testDecodeReceiveSubscriptionTwice, at 0239e54 (ReceiveSubscriptionTwiceTableTests has the rest).
  @Test func aSubscriptionAfterTheCancelIsCancelled() {
    func third<P: Publisher>(_ make: (HandDrivenPublisher<Int, Never>) -> P) -> [RecordingSubscription.Call] {
      let upstream = HandDrivenPublisher<Int, Never>()
      let downstream = SubscriptionProbe<P.Output, P.Failure>()
      make(upstream).subscribe(downstream)
      upstream.giveSubscription()
      downstream.subscription?.cancel()
      return upstream.giveSubscription().calls
    }
    #expect(third(Self.encoded) == [.cancel])
    #expect(third(Self.decoded) == [.cancel])
  }

  // OpenCombine's EncodeTests testEncodeReflection and testDecodeReflection, at 0239e54.
  @Test func theSubscriptionIsNamedAfterTheOperatorInAPlaygroundTooWithCombinesChildren() {
    let encode = reflection(of: Just(1).encode(encoder: TextCoder()))
    #expect([encode.description, encode.playground] == ["Encode", "Encode"])
    let decode = reflection(of: Just(1).decode(type: Int.self, decoder: NumberDecoder()))
    #expect([decode.description, decode.playground] == ["Decode", "Decode"])
    #expect(encode.children == ["downstream", "finished", "upstreamSubscription"])
    #expect(decode.children == ["downstream", "finished", "upstreamSubscription"])
  }
}
