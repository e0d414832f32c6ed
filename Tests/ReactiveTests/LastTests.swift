import Reactive
import Testing

@Suite struct LastTests {
  @Test func passesOnTheLastValueWhenUpstreamFinishes() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(3), extra: .max(1))
    upstream.last().subscribe(recorder)
    for value in [25, 42, 10] { #expect(upstream.send(value) == .none) }
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .finished)
    upstream.send(73)
    #expect(recorder.events == [.subscription, .value(10), .completion(.finished)])
  }

  @Test func lastWherePassesOnTheLastValueSatisfyingAndTestsEveryValue() {
    let upstream = ManualPublisher<Int, TestError>()
    let tested = Locked<[Int]>([])
    let recorder = Recorder<Int, TestError>(request: .none)
    upstream.last { value in
      tested.append(value)
      return value > 1
    }.subscribe(recorder)
    for value in [3, 2, 1, 0] { upstream.send(value) }
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
    #expect(tested.value == [3, 2, 1, 0])
    recorder.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited)])
  }

  @Test func tryLastWherePassesOnTheLastValueSatisfyingOrFailsWithWhatItThrows() {
    let found = Recorder<Int, TestError>()
    [1, 2, 3].publisher.tryLast { $0 < 3 }.asTestError().subscribe(found)
    #expect(found.events == [.subscription, .value(2), .completion(.finished)])
    let upstream = ManualPublisher<Int, Never>()
    let failure = Recorder<Int, TestError>()
    upstream.tryLast { value in
      if value == 3 { throw TestError.boom }
      return true
    }.asTestError().subscribe(failure)
    for value in 1...4 { upstream.send(value) }
    #expect(failure.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }
}
