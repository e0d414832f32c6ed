import Foundation
import Reactive
import Testing

@Suite struct CompletionCodableTests {
  struct Problem: Error, Codable, Equatable {
    let code: Int
  }

  private func json(_ completion: Subscribers.Completion<Problem>) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(completion), as: UTF8.self)
  }

  @Test func encodesWithCombinesKeys() throws {
    #expect(try json(.finished) == #"{"success":true}"#)
    #expect(try json(.failure(Problem(code: 7))) == #"{"error":{"code":7},"success":false}"#)
  }

  @Test func decodesWhatItEncodes() throws {
    let decoder = JSONDecoder()
    for completion in [Subscribers.Completion<Problem>.finished, .failure(Problem(code: 3))] {
      let data = try JSONEncoder().encode(completion)
      #expect(try decoder.decode(Subscribers.Completion<Problem>.self, from: data) == completion)
    }
  }

  @Test func aFailureWithoutItsErrorDoesNotDecode() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Subscribers.Completion<Problem>.self, from: Data(#"{"success":false}"#.utf8))
    }
  }

  // OpenCombine's CompletionTests.testDecodingFinished, at 7d33c16 (the version stored; 1b8a26b is
  // not).
  @Test func aSuccessDecodesAsFinishedEvenWithAnErrorBesideIt() throws {
    let json = #"{"error":{"code":1},"success":true}"#
    #expect(
      try JSONDecoder().decode(Subscribers.Completion<Problem>.self, from: Data(json.utf8)) == .finished)
  }

  // OpenCombine's CompletionTests.testDecodingFailure, at 7d33c16.
  @Test func aFailureWithoutItsErrorFailsToDecodeForTheMissingKey() {
    do {
      _ = try JSONDecoder().decode(
        Subscribers.Completion<Problem>.self, from: Data(#"{"success":false}"#.utf8))
      Issue.record("decoded a failure with no error")
    } catch DecodingError.keyNotFound(let key, _) {
      #expect(key.stringValue == "error")
    } catch {
      Issue.record("expected keyNotFound, got \(error)")
    }
  }

  // OpenCombine's CompletionTests.testEncodingFinished and testEncodingFailure, at 7d33c16.
  @Test func aCompletionWritesOneKeyedContainerWithSuccessFirstThenTheError() throws {
    struct Named: Error, Encodable {
      let description: String
    }
    let finished = RecordingEncoder()
    try Subscribers.Completion<Named>.finished.encode(to: finished)
    #expect(finished.log.events == ["keyed container", "true at success"])
    let failed = RecordingEncoder()
    try Subscribers.Completion<Named>.failure(Named(description: "oops")).encode(to: failed)
    #expect(
      failed.log.events == [
        "keyed container", "false at success", "Named at error", "keyed container", "oops at description",
      ])
  }
}

/// An encoder that writes down, in order, each keyed container asked of it and each value encoded
/// into one, encoding any value but a Bool, a String or an Int into itself.
private struct RecordingEncoder: Encoder {
  final class Log {
    var events: [String] = []
  }

  var log = Log()
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    log.events.append("keyed container")
    return KeyedEncodingContainer(Keyed<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("not used") }
  func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("not used") }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: RecordingEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
      encoder.log.events.append("nil at \(key.stringValue)")
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      if value is Bool || value is String || value is Int {
        encoder.log.events.append("\(value) at \(key.stringValue)")
      } else {
        encoder.log.events.append("\(T.self) at \(key.stringValue)")
        try value.encode(to: encoder)
      }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> { fatalError("not used") }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      fatalError("not used")
    }
    mutating func superEncoder() -> any Encoder { fatalError("not used") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("not used") }
  }
}
