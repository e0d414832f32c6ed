import Reactive
import Testing

/// `values` on a publisher that may fail, as OpenCombine's PublisherConcurrencyTests show Combine's:
/// the loop sees every value, then ends or throws the failure; each `next()` asks for one value; a
/// failure no call waits for is thrown by the next call, and later calls return `nil`.
@Suite struct AsyncThrowingPublisherTests {
  @Test func aLoopSeesEveryValueThenEnds() async throws {
    var seen: [Int] = []
    for try await value in Record<Int, TestError>(output: [1, 2, 3], completion: .finished).values {
      seen.append(value)
    }
    #expect(seen == [1, 2, 3])
  }

  @Test func aLoopSeesEveryValueThenThrowsTheFailure() async {
    let seen = Locked<[Int]>([])
    await #expect(throws: TestError.boom) {
      for try await value in Record<Int, TestError>(output: [1, 2], completion: .failure(.boom)).values {
        seen.append(value)
      }
    }
    #expect(seen.value == [1, 2])
  }

  @Test func eachNextAsksForOneValue() async throws {
    let requests = Locked<[Subscribers.Demand]>([])
    var seen: [Int] = []
    let record = Record<Int, TestError>(output: [5, 6], completion: .finished)
    for try await value in record.handleEvents(receiveRequest: { requests.append($0) }).values {
      seen.append(value)
    }
    #expect(seen == [5, 6])
    #expect(requests.value == [.max(1), .max(1)])
  }

  @Test func aFailureNoCallWaitsForIsThrownByTheNextCallThenNilFollows() async throws {
    let upstream = ManualPublisher<Int, TestError>()
    var iterator = upstream.values.makeAsyncIterator()
    upstream.send(completion: .failure(.other))
    await #expect(throws: TestError.other) { _ = try await iterator.next() }
    #expect(try await iterator.next() == nil)
    #expect(upstream.subscription.calls == [])
  }

  @Test func aCancelledTaskCancelsTheSubscriptionAndGetsNil() async throws {
    let upstream = ManualPublisher<Int, TestError>()
    let task = Task { () throws -> Int? in
      var iterator = upstream.values.makeAsyncIterator()
      withUnsafeCurrentTask { $0?.cancel() }
      return try await iterator.next()
    }
    #expect(try await task.value == nil)
    #expect(upstream.subscription.calls == [.cancel])
  }
}
