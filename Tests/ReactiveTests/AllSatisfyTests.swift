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
  // OpenCombine's AllSatisfyTests generic testAllElementsSatisfyPredicate and
  // testContainsElementNotSatisfyingPredicate, at 0239e54 (the version stored, 1b8a26b not being),
  // which AllSatisfyTests and ContainsTests run for allSatisfy, tryAllSatisfy, contains(where:) and
  // tryContains(where:), the last two with the predicate negated: the upstream sends -2, 0, 2, 4, then
  // either finishes and sends 7, or sends 7, 8, 3; the predicate runs for no value after the answer.
  @Test func eachFormTestsNoValueAfterItsAnswer() {
    func check<P: Publisher>(
      _ name: String, answering answer: Bool,
      _ make: (ManualPublisher<Int, TestError>, @escaping (Int) -> Bool) -> P
    ) where P.Output == Bool {
      for finishes in [true, false] {
        let upstream = ManualPublisher<Int, TestError>()
        let tested = Locked(0)
        let recorder = Recorder<Bool, TestError>(request: .max(1))
        make(upstream) { value in
          tested.withLock { $0 += 1 }
          return value.isMultiple(of: 2)
        }.mapError { ($0 as? TestError) ?? .other }.subscribe(recorder)
        for value in [-2, 0, 2, 4] { #expect(upstream.send(value) == .none, "\(name)") }
        #expect(tested.value == 4, "\(name)")
        #expect(recorder.events == [.subscription], "\(name)")
        if finishes { upstream.send(completion: .finished) }
        for value in finishes ? [7] : [7, 8, 3] { #expect(upstream.send(value) == .none, "\(name)") }
        let result = finishes ? answer : !answer
        #expect(recorder.events == [.subscription, .value(result), .completion(.finished)], "\(name)")
        #expect(tested.value == (finishes ? 4 : 5), "\(name)")
        let calls: [RecordingSubscription.Call] =
          finishes ? [.request(.unlimited)] : [.request(.unlimited), .cancel]
        #expect(upstream.subscription.calls == calls, "\(name)")
      }
    }
    check("allSatisfy", answering: true) { upstream, test in upstream.allSatisfy(test) }
    check("tryAllSatisfy", answering: true) { upstream, test in upstream.tryAllSatisfy(test) }
    check("contains(where:)", answering: false) { upstream, test in upstream.contains { !test($0) } }
    check("tryContains(where:)", answering: false) { upstream, test in upstream.tryContains { !test($0) } }
  }
}
