import Reactive
import Testing

@Suite struct ResultPublisherTests {
  @Test func aSuccessWaitsForDemandThenFinishes() {
    let recorder = Recorder<Int, TestError>(request: .none)
    Result<Int, TestError>.success(4).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(4), .completion(.finished)])
  }

  @Test func aFailureIsDeliveredUponSubscription() {
    let recorder = Recorder<Int, TestError>(request: .none)
    Result<Int, TestError>.failure(.boom).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
  }

  @Test func cancellingBeforeTheRequestDeliversNothing() {
    let recorder = Recorder<Int, TestError>(request: .none)
    Result<Int, TestError>.Publisher(4).subscribe(recorder)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test func isEquatableAndMadeFromEitherCase() {
    #expect(Result<Int, TestError>.Publisher(1) == Result.success(1).publisher)
    #expect(Result<Int, TestError>.Publisher(.boom).result == .failure(.boom))
  }

  @Test func describesItselfAsCombineDoes() {
    let reflected = reflection(of: Result<Int, TestError>.success(1).publisher)
    #expect(reflected.description == "Once")
    #expect(reflected.children == [nil])
  }
}
