import Reactive
import Testing

@Suite struct ContainsTests {
  @Test func answersTrueAtTheFirstMatchAndCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Bool, TestError>(request: .max(1))
    upstream.contains(7).subscribe(recorder)
    for value in [-2, 0, 2] { upstream.send(value) }
    #expect(recorder.events == [.subscription])
    upstream.send(7)
    upstream.send(8)
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func answersFalseWhenUpstreamFinishesWithoutAMatch() {
    let recorder = Recorder<Bool, Never>()
    [1, 2, 3].publisher.contains(7).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(false), .completion(.finished)])
  }

  @Test func containsWhereAnswersAtTheFirstValueSatisfying() {
    let tested = Locked<[Int]>([])
    let recorder = Recorder<Bool, Never>()
    [1, 2, 8, 3].publisher.contains { value in
      tested.append(value)
      return value > 5
    }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(true), .completion(.finished)])
    #expect(tested.value == [1, 2, 8])
  }

  @Test func tryContainsWhereFailsWithWhatItThrowsAfterCancellingUpstream() {
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<Bool, TestError>()
    upstream.tryContains { value in
      if value == 3 { throw TestError.boom }
      return value > 3
    }.asTestError().subscribe(recorder)
    for value in 1...5 { upstream.send(value) }
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    let found = Recorder<Bool, TestError>()
    [1, 2, 8].publisher.tryContains { $0 > 5 }.asTestError().subscribe(found)
    #expect(found.events == [.subscription, .value(true), .completion(.finished)])
  }
}
