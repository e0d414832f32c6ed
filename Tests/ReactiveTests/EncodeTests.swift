import Foundation
import Reactive
import Testing

/// A tea order, to encode and decode.
struct TeaOrder: Codable, Equatable {
  var name: String
  var count: Int
}

/// An encoder that writes a value as text and throws ``TestError/boom`` for 13, to see how `encode`
/// and `decode` handle a coder's error.
struct TextCoder: TopLevelEncoder, TopLevelDecoder {
  func encode<T: Encodable>(_ value: T) throws -> String {
    if let number = value as? Int, number == 13 { throw TestError.boom }
    return "<\(value)>"
  }

  func decode<T: Decodable>(_ type: T.Type, from input: String) throws -> T {
    guard let number = Int(input), number != 13, let value = number as? T else { throw TestError.boom }
    return value
  }
}

/// `encode(encoder:)`, as OpenCombine's EncodeTests show Combine's: each value is encoded; an
/// encoder's error cancels upstream and fails the stream, after which nothing is passed on; demand goes
/// upstream as the downstream asks; the subscription describes itself as `Encode`.
@Suite struct EncodeTests {
  @Test func encodesEachValueWithAJSONEncoder() {
    let subject = PassthroughSubject<TeaOrder, Never>()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let recorder = Recorder<String, TestError>()
    subject.encode(encoder: encoder).map { String(decoding: $0, as: UTF8.self) }
      .mapError { ($0 as? TestError) ?? .other }
      .subscribe(recorder)
    subject.send(TeaOrder(name: "green", count: 2))
    subject.send(TeaOrder(name: "black", count: 1))
    subject.send(completion: .finished)
    #expect(
      recorder.events == [
        .subscription, .value(#"{"count":2,"name":"green"}"#), .value(#"{"count":1,"name":"black"}"#),
        .completion(.finished),
      ])
  }

  @Test func anEncodersErrorCancelsUpstreamAndFailsTheStream() {
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<String, TestError>()
    upstream.encode(encoder: TextCoder()).mapError { ($0 as? TestError) ?? .other }.subscribe(recorder)
    #expect(upstream.send(1) == .none)
    #expect(upstream.send(13) == .none)
    #expect(upstream.send(2) == .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("<1>"), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func theUpstreamsFailureFailsTheStream() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    subject.encode(encoder: TextCoder()).mapError { ($0 as? TestError) ?? .boom }.subscribe(recorder)
    subject.send(4)
    subject.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .value("<4>"), .completion(.failure(.other))])
  }

  @Test func demandGoesUpstreamAsTheDownstreamAsks() {
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<String, TestError>(request: .max(2), extra: .max(1))
    upstream.encode(encoder: TextCoder()).mapError { ($0 as? TestError) ?? .other }.subscribe(recorder)
    #expect(upstream.send(1) == .max(1))
    recorder.request(.max(5))
    recorder.cancel()
    #expect(upstream.subscription.calls == [.request(.max(2)), .request(.max(5)), .cancel])
    #expect(upstream.send(2) == .none)
    #expect(recorder.events == [.subscription, .value("<1>")])
  }

  @Test func itsSubscriptionDescribesItselfAsEncode() {
    let described = Locked<String>("")
    Just(1).encode(encoder: TextCoder()).subscribe(
      AnySubscriber(receiveSubscription: { subscription in
        described.withLock { $0 = String(describing: subscription) }
      }))
    #expect(described.value == "Encode")
  }

  @Test func aValueBeforeTheSubscriptionIsEncodedAndPassedOn() {
    let upstream = CapturingPublisher<Int, Never>()
    let recorder = Recorder<String, TestError>(extra: .max(42))
    upstream.encode(encoder: TextCoder()).mapError { ($0 as? TestError) ?? .other }.subscribe(recorder)
    #expect(upstream.send(1) == .max(42))
    #expect(recorder.events == [.value("<1>")])
  }

  @Test func itsSubscriptionShowsWhatCombinesShows() {
    let upstream = CapturingPublisher<Int, Never>()
    upstream.encode(encoder: TextCoder()).subscribe(AnySubscriber<String, any Error>())
    #expect(upstream.described.labels == ["downstream", "finished", "upstreamSubscription"])
    #expect(upstream.described.values.dropFirst() == ["false", "nil"])
  }
}
