import Foundation
import Reactive
import Testing

/// `Record`, as OpenCombine's RecordTests show Combine's: it replays its values as they are
/// requested, then its completion, to each subscriber; with no values it completes at once through an
/// `Empty` subscription; a request from inside `receive` does not recurse; cancel stops it; and it
/// encodes as `{"recording": {"output": [...], "completion": {...}}}`.
@Suite struct RecordTests {
  /// A failure that can be written down.
  struct RecordedError: Error, Codable, Equatable {
    var reason: String
  }

  @Test func replaysTheValuesAsRequestedThenTheCompletion() {
    let record = Record<Int, TestError>(output: [1, 2, 3, 4], completion: .finished)
    let recorder = Recorder<Int, TestError>(request: .max(2))
    record.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    recorder.request(.max(5))
    #expect(
      recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test func replaysAFailureAfterTheValues() {
    let recorder = Recorder<Int, TestError>()
    Record<Int, TestError>(output: [1, 2], completion: .failure(.boom)).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.boom))])
  }

  @Test func recordsWhatTheClosureFeedsIt() {
    let record = Record<Int, TestError> { recording in
      recording.receive(5)
      recording.receive(6)
      recording.receive(completion: .failure(.other))
    }
    #expect(record.recording.output == [5, 6])
    #expect(record.recording.completion == .failure(.other))
    let recorder = Recorder<Int, TestError>()
    record.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(5), .value(6), .completion(.failure(.other))])
  }

  @Test func aRecordingGivenNoCompletionFinishes() {
    let record = Record<Int, TestError> { $0.receive(1) }
    #expect(record.recording.completion == .finished)
    #expect(Record<Int, TestError>.Recording().output.isEmpty)
    #expect(Record<Int, TestError>.Recording(output: [3]).completion == .finished)
  }

  // Follows OpenCombine's RecordTests.testRecordingCrashesIfReceivesValuesAfterCompletion at 1b8a26b.
  @Test func aRecordingGivenAValueAfterItsCompletionStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var recording = Record<Int, TestError>.Recording()
      recording.receive(completion: .finished)
      recording.receive(42)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Recording received a value after its completion"))
  }

  // Follows OpenCombine's RecordTests.testRecordingCrashesIfReceivesCompletionTwice at 1b8a26b.
  @Test func aRecordingGivenASecondCompletionStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var recording = Record<Int, TestError>.Recording()
      recording.receive(completion: .finished)
      recording.receive(completion: .failure(.boom))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Recording received a second completion"))
  }

  // Follows OpenCombine's RecordTests.testRecordingIsDecodedInFinalizedState at 1b8a26b.
  @Test func aDecodedRecordingIsCompleteAndAValueStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let json = #"{"completion":{"success":true},"output":[1,2]}"#
      var recording = try JSONDecoder().decode(
        Record<Int, RecordedError>.Recording.self, from: Data(json.utf8))
      recording.receive(42)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Recording received a value after its completion"))
  }

  // Follows OpenCombine's RecordTests.testEmptyRecord and testRecordingBasicBehavior at 1b8a26b: a
  // recording that was given no completion, even one copied out of a Record, still takes values and
  // a completion.
  @Test func aRecordingGivenNoCompletionStillTakesValuesAndOne() {
    let record = Record<Int, TestError> { _ in }
    var recording = record.recording
    recording.receive(0)
    recording.receive(completion: .failure(.boom))
    #expect(recording.output == [0])
    #expect(recording.completion == .failure(.boom))
    #expect(record.recording.output.isEmpty)
    #expect(record.recording.completion == .finished)
  }

  @Test func withNoValuesItCompletesAtOnceThroughAnEmptySubscription() {
    let described = Locked<[String]>([])
    let events = Locked<[Event<Int, TestError>]>([])
    Record<Int, TestError>(output: [], completion: .failure(.boom)).subscribe(
      AnySubscriber(
        receiveSubscription: { described.append(String(describing: $0)) },
        receiveCompletion: { events.append(.completion($0)) }))
    #expect(described.value == ["Empty"])
    #expect(events.value == [.completion(.failure(.boom))])
  }

  @Test func eachSubscriberGetsTheWholeRecording() {
    let record = Record<Int, TestError>(output: [1, 2], completion: .finished)
    let first = Recorder<Int, TestError>()
    let second = Recorder<Int, TestError>()
    record.subscribe(first)
    record.subscribe(second)
    #expect(first.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    #expect(second.events == first.events)
  }

  @Test func aRequestFromInsideReceiveAddsToTheDemandInsteadOfRecursing() {
    let held = Locked<(any Subscription)?>(nil)
    let log = Locked<[String]>([])
    Record<Int, TestError>(output: [1, 2, 3], completion: .finished).subscribe(
      AnySubscriber(
        receiveSubscription: { subscription in
          held.withLock { $0 = subscription }
          subscription.request(.max(1))
        },
        receiveValue: { value in
          log.append("start \(value)")
          held.value?.request(.max(1))
          log.append("end \(value)")
          return .none
        },
        receiveCompletion: { _ in log.append("finished") }))
    #expect(log.value == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3", "finished"])
  }

  @Test func cancelStopsTheReplay() {
    let recorder = Recorder<Int, TestError>(request: .max(1))
    Record<Int, TestError>(output: [1, 2, 3], completion: .finished).subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(5))
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func itsSubscriptionDescribesTheValuesLeftThenCancelledEvents() {
    let held = Locked<(any Subscription)?>(nil)
    Record<Int, TestError>(output: [1, 2], completion: .finished).subscribe(
      AnySubscriber(receiveSubscription: { subscription in held.withLock { $0 = subscription } }))
    let subscription = held.value!
    #expect(String(describing: subscription) == "[1, 2]")
    #expect(Mirror(reflecting: subscription).children.map { $0.label ?? "" } == ["sequence", "completion"])
    subscription.cancel()
    #expect(String(describing: subscription) == "Cancelled Events")
  }

  @Test func encodesAsCombinesDoes() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let finished = Record<Int, RecordedError>(output: [1, 2], completion: .finished)
    let failed = Record<Int, RecordedError>(output: [3], completion: .failure(RecordedError(reason: "gone")))
    #expect(
      String(decoding: try encoder.encode(finished), as: UTF8.self)
        == #"{"recording":{"completion":{"success":true},"output":[1,2]}}"#)
    #expect(
      String(decoding: try encoder.encode(failed), as: UTF8.self)
        == #"{"recording":{"completion":{"error":{"reason":"gone"},"success":false},"output":[3]}}"#)
  }

  @Test func decodesWhatItEncodesAndNeedsTheRecordingKey() throws {
    let json = #"{"recording":{"completion":{"success":false,"error":{"reason":"gone"}},"output":[1,2]}}"#
    let record = try JSONDecoder().decode(Record<Int, RecordedError>.self, from: Data(json.utf8))
    #expect(record.recording.output == [1, 2])
    #expect(record.recording.completion == .failure(RecordedError(reason: "gone")))
    #expect {
      try JSONDecoder().decode(Record<Int, RecordedError>.self, from: Data("{}".utf8))
    } throws: { error in
      guard case DecodingError.keyNotFound(let key, _) = error else { return false }
      return key.stringValue == "recording"
    }
  }

  // OpenCombine's RecordTests, at 1b8a26b, from here on.
  // testRecordingEncodeEmpty, testRecordingEncodeFinished, testRecordingEncodeFailed: a recording
  // writes into an encoder it is given what it writes as itself.
  @Test func aRecordingWritesIntoAnEncoderWhatItWritesAsItself() throws {
    struct Into: Encodable {
      var recording: Record<Int, RecordedError>.Recording
      func encode(to encoder: any Encoder) throws { try recording.encode(into: encoder) }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for recording in [
      Record<Int, RecordedError>.Recording(),
      .init(output: [3, 2, 1], completion: .finished),
      .init(output: [3, 2, 1], completion: .failure(RecordedError(reason: "oops"))),
    ] {
      #expect(try encoder.encode(Into(recording: recording)) == encoder.encode(recording))
    }
    let failed = Record<Int, RecordedError>.Recording(
      output: [3, 2, 1], completion: .failure(RecordedError(reason: "oops")))
    #expect(
      String(decoding: try encoder.encode(Into(recording: failed)), as: UTF8.self)
        == #"{"completion":{"error":{"reason":"oops"},"success":false},"output":[3,2,1]}"#)
  }

  // testRecordInitialDemand: the demand a value returns adds to what is left.
  @Test func theDemandAValueReturnsAddsToWhatIsLeft() {
    var values: [Int] = []
    var held: (any Subscription)?
    Record<Int, TestError>(output: [1, 2, 3, 4, 5, 6, 7, 8, 9], completion: .finished).subscribe(
      AnySubscriber(
        receiveSubscription: {
          held = $0
          $0.request(.max(1))
        },
        receiveValue: {
          values.append($0)
          return $0 > 4 || $0 == 1 ? .none : .max(2)
        }))
    #expect(values == [1])
    held?.request(.max(1))
    #expect(values == [1, 2, 3, 4, 5, 6, 7, 8])
  }

  // testRecursion: a request for nothing made as the subscription arrives is not a mistake here.
  @Test func aRequestForNothingIsIgnored() {
    let recorder = Recorder<Int, TestError>(request: .none)
    Record<Int, TestError>(output: [1, 2], completion: .finished).subscribe(recorder)
    recorder.request(.none)
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  // testCancelOnValue: a cancel from inside a value stops the replay whatever the value asks for.
  @Test func aCancelFromInsideAValueStopsTheReplay() {
    var values: [Int] = []
    var held: (any Subscription)?
    Record<Int, TestError>(output: [1, 2, 3], completion: .finished).subscribe(
      AnySubscriber(
        receiveSubscription: {
          held = $0
          $0.request(.unlimited)
        },
        receiveValue: {
          values.append($0)
          held?.cancel()
          return .unlimited
        }))
    #expect(values == [1])
  }

  // testLifecycle: a subscriber that asked for nothing is kept until it cancels; one that got the
  // whole recording is let go; the subscription then shows no values left.
  @Test func keepsAWaitingSubscriberUntilItCancels() throws {
    weak var finished: Recorder<Int, TestError>?
    do {
      let recorder = Recorder<Int, TestError>(request: .max(3))
      finished = recorder
      Record<Int, TestError>(output: [1, 2], completion: .finished).subscribe(recorder)
    }
    #expect(finished == nil)
    var done: (any Subscription)?
    Record<Int, TestError>(output: [1, 2], completion: .finished).subscribe(
      AnySubscriber(receiveSubscription: {
        done = $0
        $0.request(.max(3))
      }))
    let shown = Mirror(reflecting: try #require(done)).children.map { String(describing: $0.value) }
    #expect(shown.first == "[]" && shown.last?.contains("finished") == true)
    weak var waiting: Recorder<Int, TestError>?
    var held: (any Subscription)?
    do {
      let recorder = Recorder<Int, TestError>(request: .none)
      waiting = recorder
      Record<Int, TestError>(output: [1, 2], completion: .finished).subscribe(
        AnySubscriber(
          receiveSubscription: {
            held = $0
            recorder.receive(subscription: $0)
          }, receiveValue: recorder.receive, receiveCompletion: recorder.receive))
    }
    #expect(waiting != nil)
    try #require(held).cancel()
    #expect(waiting == nil)
  }
}
