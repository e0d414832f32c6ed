import Reactive
import Testing

@Suite struct FailTests {
  @Test func failsAtOnceWithoutAValue() {
    let recorder = Recorder<Int, TestError>(request: .none)
    Fail(error: TestError.boom).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func namesItsOutputType() {
    let fail = Fail(outputType: String.self, failure: TestError.other)
    let recorder = Recorder<String, TestError>()
    fail.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
    #expect(fail == Fail(error: .other))
    #expect(fail.error == .other)
  }

  // OpenCombine's FailTests.testSubscription: the subscription Fail hands over is the empty one.
  @Test func handsOverTheEmptySubscription() throws {
    let keeper = SubscriptionKeeper<Int, TestError>()
    Fail<Int, TestError>(error: .boom).subscribe(keeper)
    let subscription = try #require(keeper.subscription)
    #expect(String(describing: subscription) == "Empty")
  }
}
