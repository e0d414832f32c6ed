import Foundation
import Reactive
import Testing

/// Foundation's property-list coders as Combine makes them: a `TopLevelEncoder` and a
/// `TopLevelDecoder` that `encode(encoder:)` and `decode(type:decoder:)` take (OpenCombine's
/// PropertyListEncoderTests and PropertyListDecoderTests, at 08e2433 and e054a88, the versions
/// stored).
@Suite struct PropertyListCoderTests {
  private struct Reason: Error, Codable {}

  // PropertyListEncoderTests.testSuccessfullyEncode.
  @Test func encodeWritesEachValueAsAPropertyList() {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    var output: [String] = []
    var completion: Subscribers.Completion<any Error>?
    _ = Just([Subscribers.Completion<Reason>.finished]).encode(encoder: encoder)
      .map { String(decoding: $0, as: UTF8.self) }
      .sink(receiveCompletion: { completion = $0 }, receiveValue: { output.append($0) })
    #expect(
      output == [
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
        "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>
        \t<dict>
        \t\t<key>success</key>
        \t\t<true/>
        \t</dict>
        </array>
        </plist>

        """
      ])
    guard case .finished = completion else {
      Issue.record("expected a finish, got \(String(describing: completion))")
      return
    }
  }

  // PropertyListDecoderTests.testSuccessfullyDecode and testDecodingFailure: decode reads each value
  // with the decoder, and the decoder's error fails the stream with no value (which DecodingError
  // is Foundation's choice; Combine passes on whatever the decoder throws).
  @Test func decodeReadsEachValueAndTheDecodersErrorFailsTheStream() {
    let list = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><array><dict><key>success</key><true/></dict></array></plist>
      """
    var decoded: [[Subscribers.Completion<Reason>]] = []
    var completion: Subscribers.Completion<any Error>?
    _ = Just(Data(list.utf8)).decode(
      type: [Subscribers.Completion<Reason>].self, decoder: PropertyListDecoder()
    )
    .sink(receiveCompletion: { completion = $0 }, receiveValue: { decoded.append($0) })
    #expect(decoded.count == 1 && decoded.first?.count == 1)
    if case .finished? = decoded.first?.first {} else { Issue.record("expected [.finished]") }
    if case .finished? = completion {} else { Issue.record("expected a finish") }
    var values: [[Int]] = []
    var failure: (any Error)?
    _ = Just(Data("000000".utf8)).decode(type: [Int].self, decoder: PropertyListDecoder())
      .sink(
        receiveCompletion: { if case .failure(let error) = $0 { failure = error } },
        receiveValue: { values.append($0) })
    #expect(values.isEmpty)
    #expect(failure is DecodingError)
  }
}
