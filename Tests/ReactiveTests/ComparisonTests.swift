import Reactive
import Testing

@Suite struct ComparisonTests {
  /// Compares by trailing zero bits, so that `<` on the values would give other answers: of
  /// 2, 1, 4, 6, 15, 8, 12 the greatest is 8 and the least is 1.
  private func run<P: Publisher>(
    _ make: (PassthroughSubject<Int, Never>, @escaping (Int, Int) -> Bool) -> P
  ) -> (events: [Event<Int, TestError>], comparisons: [[Int]]) where P.Output == Int {
    let subject = PassthroughSubject<Int, Never>()
    let comparisons = Locked<[[Int]]>([])
    let recorder = Recorder<Int, TestError>()
    let ordered: (Int, Int) -> Bool = { lhs, rhs in
      comparisons.append([lhs, rhs])
      return lhs.trailingZeroBitCount < rhs.trailingZeroBitCount
    }
    make(subject, ordered).mapError { _ in TestError.other }.subscribe(recorder)
    for value in [2, 1, 4, 6, 15, 8, 12] { subject.send(value) }
    subject.send(completion: .finished)
    subject.send(32)
    return (recorder.events, comparisons.value)
  }

  @Test func maxByComparesTheGreatestSoFarWithEachValue() {
    let (events, comparisons) = run { $0.max(by: $1) }
    #expect(events == [.subscription, .value(8), .completion(.finished)])
    #expect(comparisons == [[2, 1], [2, 4], [4, 6], [4, 15], [4, 8], [8, 12]])
  }

  @Test func minByComparesEachValueWithTheLeastSoFar() {
    let (events, comparisons) = run { $0.min(by: $1) }
    #expect(events == [.subscription, .value(1), .completion(.finished)])
    #expect(comparisons == [[1, 2], [4, 1], [6, 1], [15, 1], [8, 1], [12, 1]])
  }

  @Test func tryMaxAndTryMinCompareAsMaxAndMinDo() {
    let max = run { upstream, ordered in upstream.tryMax(by: ordered) }
    #expect(max.events == [.subscription, .value(8), .completion(.finished)])
    #expect(max.comparisons == [[2, 1], [2, 4], [4, 6], [4, 15], [4, 8], [8, 12]])
    let min = run { upstream, ordered in upstream.tryMin(by: ordered) }
    #expect(min.events == [.subscription, .value(1), .completion(.finished)])
    #expect(min.comparisons == [[1, 2], [4, 1], [6, 1], [15, 1], [8, 1], [12, 1]])
  }

  @Test func minAndMaxOfComparableValuesKeepTheFirstOfEqualOnes() {
    struct Tagged: Comparable, Equatable {
      let key: Int
      let tag: String
      static func < (lhs: Tagged, rhs: Tagged) -> Bool { lhs.key < rhs.key }
    }
    let values = [
      Tagged(key: 1, tag: "a"), Tagged(key: 3, tag: "b"), Tagged(key: 1, tag: "c"), Tagged(key: 3, tag: "d"),
    ]
    let min = Recorder<String, Never>()
    values.publisher.min().map(\.tag).subscribe(min)
    #expect(min.values == ["a"])
    let max = Recorder<String, Never>()
    values.publisher.max().map(\.tag).subscribe(max)
    #expect(max.values == ["b"])
  }

  @Test func aThrowingComparisonCancelsUpstreamAndFails() {
    let upstream = ManualPublisher<Int, Never>()
    let recorder = Recorder<Int, TestError>()
    upstream.tryMax { lhs, _ in
      if lhs == 3 { throw TestError.boom }
      return true
    }.asTestError().subscribe(recorder)
    for value in 1...5 { upstream.send(value) }
    #expect(recorder.events == [.subscription, .completion(.failure(.boom))])
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }
  // OpenCombine's MinTests and MaxTests testMinOperatorSpecializationForMin,
  // testTryMinOperatorSpecializationForMin, testMinOperatorSpecializationForTryMin and
  // testTryMinOperatorSpecializationForTryMin and their max forms (at b651b5a, the only version
  // stored): a comparison applied to another is a second one, comparing the one result the first gives,
  // and a throw of the first fails both.
  @Test func aComparisonOfAComparisonComparesItsOneResultAndPassesOnItsFailure() {
    func run<P: Publisher>(_ make: (PassthroughSubject<Int, Never>) -> P, finishing: Bool = true)
      -> [Event<Int, TestError>] where P.Output == Int
    {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = Recorder<Int, TestError>()
      make(subject).mapError { ($0 as? TestError) ?? .other }.subscribe(recorder)
      for value in [6, 2, 4, 0] { subject.send(value) }
      if finishing { subject.send(completion: .finished) }
      return recorder.events
    }
    let noZero: (Int, Int) throws -> Bool = { lhs, rhs in
      if lhs == 0 || rhs == 0 { throw TestError.boom }
      return lhs < rhs
    }
    let failed: [Event<Int, TestError>] = [.subscription, .completion(.failure(.boom))]
    #expect(run { $0.min().min() } == [.subscription, .value(0), .completion(.finished)])
    #expect(run { $0.max().max() } == [.subscription, .value(6), .completion(.finished)])
    #expect(run { $0.min().tryMin(by: noZero) } == [.subscription, .value(0), .completion(.finished)])
    #expect(run { $0.max().tryMax(by: noZero) } == [.subscription, .value(6), .completion(.finished)])
    #expect(run({ $0.tryMin(by: noZero).min() }, finishing: false) == failed)
    #expect(run({ $0.tryMax(by: noZero).max() }, finishing: false) == failed)
    #expect(run { $0.tryMin(by: noZero).tryMin(by: <) } == failed)
    #expect(run { $0.tryMax(by: noZero).tryMax(by: <) } == failed)
  }
}
