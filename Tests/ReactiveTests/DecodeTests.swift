import Foundation
import Reactive
import Testing

/// `decode(type:decoder:)`, as OpenCombine's DecodeTests and EncodeTests show Combine's: each value is
/// decoded; a decoder's error cancels upstream and fails the stream, after which nothing is passed on;
/// demand goes upstream as the downstream asks; the subscription describes itself as `Decode`.
@Suite struct DecodeTests {
  @Test func decodesEachValueWithAJSONDecoder() {
    let subject = PassthroughSubject<Data, Never>()
    let recorder = Recorder<TeaOrder, TestError>()
    subject.decode(type: TeaOrder.self, decoder: JSONDecoder())
      .mapError { $0 is DecodingError ? .other : .boom }
      .subscribe(recorder)
    subject.send(Data(#"{"name":"green","count":2}"#.utf8))
    subject.send(Data(#"{"name":"black"}"#.utf8))
    subject.send(Data(#"{"name":"white","count":1}"#.utf8))
    #expect(
      recorder.events == [
        .subscription, .value(TeaOrder(name: "green", count: 2)), .completion(.failure(.other)),
      ])
  }

  @Test func whatEncodeWritesDecodeReads() {
    let orders = [TeaOrder(name: "green", count: 2), TeaOrder(name: "oolong", count: 5)]
    let recorder = Recorder<TeaOrder, TestError>()
    orders.publisher.encode(encoder: JSONEncoder()).decode(type: TeaOrder.self, decoder: JSONDecoder())
      .mapError { ($0 as? TestError) ?? .other }
      .subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(orders[0]), .value(orders[1]), .completion(.finished)])
  }

  @Test func aDecodersErrorCancelsUpstreamAndFailsTheStream() {
    let upstream = ManualPublisher<String, Never>()
    let recorder = Recorder<Int, TestError>()
    upstream.decode(type: Int.self, decoder: TextCoder()).mapError { ($0 as? TestError) ?? .other }
      .subscribe(recorder)
    #expect(upstream.send("7") == .none)
    #expect(upstream.send("13") == .none)
    #expect(upstream.send("8") == .none)
    #expect(recorder.events == [.subscription, .value(7), .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func theUpstreamsFailureFailsTheStream() {
    let subject = PassthroughSubject<String, TestError>()
    let recorder = Recorder<Int, TestError>()
    subject.decode(type: Int.self, decoder: TextCoder()).mapError { ($0 as? TestError) ?? .boom }
      .subscribe(recorder)
    subject.send("3")
    subject.send(completion: .failure(.other))
    #expect(recorder.events == [.subscription, .value(3), .completion(.failure(.other))])
  }

  @Test func demandGoesUpstreamAsTheDownstreamAsks() {
    let upstream = ManualPublisher<String, Never>()
    let recorder = Recorder<Int, TestError>(request: .max(3), extra: .max(2))
    upstream.decode(type: Int.self, decoder: TextCoder()).mapError { ($0 as? TestError) ?? .other }
      .subscribe(recorder)
    #expect(upstream.send("1") == .max(2))
    recorder.cancel()
    #expect(upstream.send("2") == .none)
    #expect(upstream.subscription.calls == [.request(.max(3)), .cancel])
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func itsSubscriptionDescribesItselfAsDecode() {
    let described = Locked<String>("")
    Just("1").decode(type: Int.self, decoder: TextCoder()).subscribe(
      AnySubscriber(receiveSubscription: { subscription in
        described.withLock { $0 = String(describing: subscription) }
      }))
    #expect(described.value == "Decode")
  }

  @Test func aValueBeforeTheSubscriptionIsDecodedAndItsErrorPassedOn() {
    let upstream = CapturingPublisher<String, Never>()
    let recorder = Recorder<Int, TestError>(extra: .max(42))
    upstream.decode(type: Int.self, decoder: TextCoder()).mapError { ($0 as? TestError) ?? .other }
      .subscribe(recorder)
    #expect(upstream.send("13") == .none)
    #expect(upstream.send("2") == .none)
    #expect(recorder.events == [.completion(.failure(.boom))])
  }
}
