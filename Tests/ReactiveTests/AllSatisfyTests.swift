import Reactive
import Testing

@Suite struct AllSatisfyTests {
  @Test func answersTrueWhenUpstreamFinishesWithEveryValueSatisfying() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Bool, TestError>(request: .max(1))
    upstream.allSatisfy { $0.isMultiple(of: 2) }.subscribe(recorder)
    for value in [-2, 0, 2, 4] { upstream.send(value) }
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
  }

  @Test func answersFalseAtTheFirstValueNotSatisfyingAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let tested = Locked<[Int]>([])
    let recorder = Recorder<Bool, TestError>(request: .max(1))
    upstream.allSatisfy { value in
      tested.append(value)
      return value.isMultiple(of: 2)
    }.subscribe(recorder)
    for value in [-2, 0, 7, 8, 3] { upstream.send(value) }
    #expect(recorder.events == [.subscription, .value(false), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(tested.value == [-2, 0, 7])
  }

  @Test func anEarlyAnswerWaitsForTheFirstRequest() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Bool, TestError>(request: .none)
    upstream.allSatisfy { $0 > 0 }.subscribe(recorder)
    upstream.send(0)
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(false), .completion(.finished)])
  }

  @Test func tryAllSatisfyAnswersAsAllSatisfyAndFailsWithWhatItThrows() {
    let answer = Recorder<Bool, TestError>()
    [1, 2, -1, 3].publisher.tryAllSatisfy { $0 > 0 }.asTestError().subscribe(answer)
    #expect(answer.events == [.subscription, .value(false), .completion(.finished)])
    let upstream = ManualPublisher<Int, Never>()
    let failure = Recorder<Bool, TestError>()
    upstream.tryAllSatisfy { value in
      if value == 3 { throw TestError.boom }
      return true
    }.asTestError().subscribe(failure)
    for value in 1...4 { upstream.send(value) }
    #expect(failure.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }
}
