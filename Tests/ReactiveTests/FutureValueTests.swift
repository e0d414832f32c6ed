import Reactive
import Testing

/// `Future`'s async `value`, as OpenCombine's FutureConcurrencyTests show Combine's: it is the
/// promised value, whether the promise was fulfilled before or after the wait began; the throwing form
/// throws the promised failure.
@Suite struct FutureValueTests {
  @Test func theValueOfAFulfilledFuture() async {
    let future = Future<Int, Never> { $0(.success(42)) }
    #expect(await future.value == 42)
  }

  @Test func theValueOfAFutureFulfilledWhileATaskWaits() async {
    let promise = Locked<Future<Int, Never>.Promise?>(nil)
    let future = Future<Int, Never> { fulfil in promise.withLock { $0 = fulfil } }
    let task = Task { await future.value }
    promise.value?(.success(7))
    #expect(await task.value == 7)
  }

  @Test func theThrowingValueOfAFulfilledFuture() async throws {
    let promise = Locked<Future<String, TestError>.Promise?>(nil)
    let future = Future<String, TestError> { fulfil in promise.withLock { $0 = fulfil } }
    let task = Task { try await future.value }
    promise.value?(.success("tea"))
    #expect(try await task.value == "tea")
  }

  @Test func theThrowingValueThrowsThePromisedFailure() async {
    let future = Future<String, TestError> { $0(.failure(.boom)) }
    await #expect(throws: TestError.boom) { _ = try await future.value }
  }

  // OpenCombine's FutureConcurrencyTests.testAsyncAwaitThrowingFailure, at 1b8a26b.
  @Test func theThrowingValueThrowsAFailurePromisedWhileATaskWaits() async {
    let promise = Locked<Future<String, TestError>.Promise?>(nil)
    let future = Future<String, TestError> { fulfil in promise.withLock { $0 = fulfil } }
    let task = Task { try await future.value }
    promise.value?(.failure(.other))
    await #expect(throws: TestError.other) { _ = try await task.value }
  }
}
