import Reactive
import Testing

/// Combine makes a publisher `Equatable` when everything it stores is, so code that compares composed
/// publishers (`XCTAssertEqual(a.combineLatest(b), Publishers.CombineLatest(a, b))`, as OpenCombine's
/// CombineLatestTests, ZipTests and MergeTests do) compiles. Each row builds one publisher twice the same
/// way and once with one stored part changed.
@Suite struct PublisherEquatableTableTests {
  /// `same` equals `original`, and `changed` does not.
  private func check<P: Equatable>(
    _ original: P, _ same: P, _ changed: P, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(original == same, sourceLocation: sourceLocation)
    #expect(original != changed, sourceLocation: sourceLocation)
  }

  @Test func sourcesCompareWhatTheyWillSend() {
    check(Just(1), Just(1), Just(2))
    check(Empty<Int, TestError>(), Empty(), Empty(completeImmediately: false))
    check(Fail<Int, TestError>(error: .boom), Fail(error: .boom), Fail(error: .other))
    check([1, 2].publisher, [1, 2].publisher, [2, 1].publisher)
    check(Optional(1).publisher, Optional(1).publisher, Optional(2).publisher)
    check(Result<Int, TestError>.Publisher(1), .init(1), .init(.boom))
  }

  // Explicit initialisers: on `Just` most of these operators return a specialised `Just` or
  // `Optional.Publisher`, as Combine's do, which would test those types instead.
  @Test func reducingOperatorsCompareTheirUpstreamAndArguments() {
    let one = Just(1)
    let two = Just(2)
    check(Publishers.Count(upstream: one), .init(upstream: one), .init(upstream: two))
    check(Publishers.Collect(upstream: one), .init(upstream: one), .init(upstream: two))
    check(
      Publishers.CollectByCount(upstream: one, count: 2), .init(upstream: one, count: 2),
      .init(upstream: one, count: 3))
    check(Publishers.First(upstream: one), .init(upstream: one), .init(upstream: two))
    check(Publishers.Last(upstream: one), .init(upstream: one), .init(upstream: two))
    check(Publishers.IgnoreOutput(upstream: one), .init(upstream: one), .init(upstream: two))
    check(
      Publishers.Contains(upstream: one, output: 1), .init(upstream: one, output: 1),
      .init(upstream: one, output: 2))
  }

  @Test func selectingOperatorsCompareTheirUpstreamAndArguments() {
    let one = Just(1)
    let two = Just(2)
    check(
      Publishers.Drop(upstream: one, count: 1), .init(upstream: one, count: 1), .init(upstream: one, count: 2)
    )
    check(
      Publishers.Output(upstream: one, range: 0..<1), .init(upstream: one, range: 0..<1),
      .init(upstream: one, range: 1..<2))
    check(
      Publishers.DropUntilOutput(upstream: one, other: two), .init(upstream: one, other: two),
      .init(upstream: one, other: one))
    check(
      Publishers.Concatenate(prefix: one, suffix: two), .init(prefix: one, suffix: two),
      .init(prefix: one, suffix: one))
    check(
      Publishers.SetFailureType<Just<Int>, TestError>(upstream: one), .init(upstream: one),
      .init(upstream: two))
    let empty = Empty<Int, TestError>()
    check(
      Publishers.ReplaceEmpty(upstream: empty, output: 1), .init(upstream: empty, output: 1),
      .init(upstream: empty, output: 2))
    let failure = Fail<Int, TestError>(error: .boom)
    check(
      Publishers.ReplaceError(upstream: failure, output: 1), .init(upstream: failure, output: 1),
      .init(upstream: failure, output: 2))
    check(
      Publishers.Retry(upstream: one, retries: 1), .init(upstream: one, retries: 1),
      .init(upstream: one, retries: nil))
  }

  @Test func mergesCompareEveryUpstream() {
    let one = Just(1)
    let two = Just(2)
    check(Publishers.MergeMany(one, one), .init(one, one), .init(one, two))
    check(one.merge(with: one), Publishers.Merge(one, one), Publishers.Merge(one, two))
    check(one.merge(with: one, one), Publishers.Merge3(one, one, one), Publishers.Merge3(one, one, two))
    check(
      one.merge(with: one, one, one), Publishers.Merge4(one, one, one, one),
      Publishers.Merge4(one, one, one, two))
    check(
      one.merge(with: one, one, one, one), Publishers.Merge5(one, one, one, one, one),
      Publishers.Merge5(one, one, one, one, two))
    check(
      one.merge(with: one, one, one, one, one), Publishers.Merge6(one, one, one, one, one, one),
      Publishers.Merge6(one, one, one, one, one, two))
    check(
      one.merge(with: one, one, one, one, one, one),
      Publishers.Merge7(one, one, one, one, one, one, one),
      Publishers.Merge7(one, one, one, one, one, one, two))
    check(
      one.merge(with: one, one, one, one, one, one, one),
      Publishers.Merge8(one, one, one, one, one, one, one, one),
      Publishers.Merge8(one, one, one, one, one, one, one, two))
  }

  @Test func zipsAndCombineLatestsCompareEveryUpstream() {
    let number = Just(1)
    let letter = Just("A")
    let other = Just("B")
    check(number.zip(letter), Publishers.Zip(number, letter), Publishers.Zip(number, other))
    check(
      number.zip(letter, letter), Publishers.Zip3(number, letter, letter),
      Publishers.Zip3(number, letter, other))
    check(
      number.zip(letter, letter, letter), Publishers.Zip4(number, letter, letter, letter),
      Publishers.Zip4(number, letter, letter, other))
    check(
      number.combineLatest(letter), Publishers.CombineLatest(number, letter),
      Publishers.CombineLatest(number, other))
    check(
      number.combineLatest(letter, letter), Publishers.CombineLatest3(number, letter, letter),
      Publishers.CombineLatest3(number, letter, other))
    check(
      number.combineLatest(letter, letter, letter),
      Publishers.CombineLatest4(number, letter, letter, letter),
      Publishers.CombineLatest4(number, letter, letter, other))
  }
}
