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
}
