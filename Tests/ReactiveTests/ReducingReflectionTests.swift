import Reactive
import Testing

/// How the subscriptions of `collect()`, `first`, `last` and their `where` forms describe themselves, as
/// Combine's do: the names and the mirror's labels of OpenCombine's testCollectReflection,
/// testFirstReflection, testFirstWhereReflection, testTryFirstWhereReflection, testLastReflection and the
/// `last(where:)` ones (CollectTests, FirstTests, LastTests, stored at 0239e54; `reduceLikeOperatorMirror`:
/// downstream, result, initial, status).
@Suite struct ReducingReflectionTests {
  private let reduceLike: [String?] = ["downstream", "result", "initial", "status"]

  private func expect<P: Publisher>(_ publisher: P, isNamed name: String, children: [String?]) {
    let described = reflection(of: publisher)
    #expect(described.description == name)
    #expect(described.playground == name)
    #expect(described.children == children)
  }

  @Test func collectShowsTheCountOfValuesKept() throws {
    let collect = PassthroughSubject<Int, TestError>().collect()
    expect(collect, isNamed: "Collect", children: ["count"])
    let probe = SubscriptionProbe<[Int], TestError>()
    collect.subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(Mirror(reflecting: subscription).children.map { String(describing: $0.value) } == ["0"])
  }

  @Test func firstAndItsWhereFormsShowWhatAReducerShows() {
    let subject = PassthroughSubject<Int, TestError>()
    expect(subject.first(), isNamed: "First", children: reduceLike)
    // Combine names first(where:)'s subscription "TryFirst".
    expect(subject.first { $0 > 2 }, isNamed: "TryFirst", children: reduceLike)
    expect(subject.tryFirst { $0 > 2 }, isNamed: "TryFirstWhere", children: reduceLike)
  }

  @Test func lastAndItsWhereFormsShowWhatAReducerShows() {
    let subject = PassthroughSubject<Int, TestError>()
    expect(subject.last(), isNamed: "Last", children: reduceLike)
    expect(subject.last { $0 > 2 }, isNamed: "LastWhere", children: reduceLike)
    expect(subject.tryLast { $0 > 2 }, isNamed: "TryLastWhere", children: reduceLike)
  }
}
