import Foundation
import Reactive
import Testing

/// Foundation's JSON coders as Combine makes them: a `TopLevelEncoder` and a `TopLevelDecoder` that
/// `encode(encoder:)` and `decode(type:decoder:)` take, the coder's error failing the stream with no
/// value (OpenCombine's JSONEncoderTests and JSONDecoderTests, at 08e2433, the versions stored).
@Suite struct JSONCoderTests {
  private struct Reason: Error, Codable, Equatable {}

  // JSONEncoderTests.testSuccessfullyEncode.
  @Test func encodeWritesACompletionAsCombinesJSON() {
    var output: [String] = []
    var completion: Subscribers.Completion<any Error>?
    _ = Just([Subscribers.Completion<Reason>.finished]).encode(encoder: JSONEncoder())
      .map { String(decoding: $0, as: UTF8.self) }
      .sink(receiveCompletion: { completion = $0 }, receiveValue: { output.append($0) })
    #expect(output == [#"[{"success":true}]"#])
    if case .finished? = completion {
    } else {
      Issue.record("expected a finish, got \(String(describing: completion))")
    }
  }

  // JSONEncoderTests.testEncodingFailure.
  @Test func anEncodingErrorFailsTheStreamWithNoValue() {
    var output: [String] = []
    var completion: Subscribers.Completion<any Error>?
    _ = Just(Double.nan).encode(encoder: JSONEncoder())
      .map { String(decoding: $0, as: UTF8.self) }
      .sink(receiveCompletion: { completion = $0 }, receiveValue: { output.append($0) })
    #expect(output.isEmpty)
    guard case .failure(EncodingError.invalidValue)? = completion else {
      Issue.record("expected EncodingError.invalidValue, got \(String(describing: completion))")
      return
    }
  }

  // JSONDecoderTests.testSuccessfullyDecode.
  @Test func decodeReadsACompletionFromCombinesJSON() {
    var output: [[Subscribers.Completion<Reason>]] = []
    var completion: Subscribers.Completion<any Error>?
    _ = Just(#"[{"success":true}]"#).map { Data($0.utf8) }
      .decode(type: [Subscribers.Completion<Reason>].self, decoder: JSONDecoder())
      .sink(receiveCompletion: { completion = $0 }, receiveValue: { output.append($0) })
    #expect(output == [[.finished]])
    if case .finished? = completion {
    } else {
      Issue.record("expected a finish, got \(String(describing: completion))")
    }
  }

  // JSONDecoderTests.testDecodingFailure.
  @Test func aDecodingErrorFailsTheStreamWithNoValue() {
    var output: [[Int]] = []
    var completion: Subscribers.Completion<any Error>?
    _ = Just(#"{"a":1,"b":2}"#).map { Data($0.utf8) }
      .decode(type: [Int].self, decoder: JSONDecoder())
      .sink(receiveCompletion: { completion = $0 }, receiveValue: { output.append($0) })
    #expect(output.isEmpty)
    guard case .failure(DecodingError.typeMismatch)? = completion else {
      Issue.record("expected DecodingError.typeMismatch, got \(String(describing: completion))")
      return
    }
  }
}
