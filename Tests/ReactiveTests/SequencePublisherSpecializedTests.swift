import Reactive
import Testing

/// Combine's overloads for `Publishers.Sequence`, from OpenCombine's SequenceTests ("Operator
/// specializations for Sequence"); each test pins the result type as Combine's code would name it.
@Suite struct SequencePublisherSpecializedTests {

  private func boom(_ value: Int) throws -> Bool { throw TestError.boom }

  @Test func mapFilterCompactMapScanAndRemoveDuplicatesAreSequencesOfArrays() {
    let doubled: Publishers.Sequence<[Int], Never> = (0..<5).publisher.map { $0 * 2 }
    let thirds: Publishers.Sequence<[Int], Never> = (0..<10).publisher.filter { $0.isMultiple(of: 3) }
    let named: Publishers.Sequence<[String], Never> = (40..<45).publisher.compactMap {
      $0 == 42 ? nil : String($0)
    }
    let sums: Publishers.Sequence<[Int], Never> = (0..<5).publisher.scan(1, -)
    let distinct: Publishers.Sequence<[Int], Never> = [0, 0, 1, 0, 1, 1, 2, 3, 3, 1].publisher
      .removeDuplicates()
    #expect(doubled.sequence == [0, 2, 4, 6, 8])
    #expect(thirds.sequence == [0, 3, 6, 9])
    #expect(named.sequence == ["40", "41", "43", "44"])
    #expect(sums.sequence == [1, 0, -2, -5, -9])
    #expect(distinct.sequence == [0, 1, 0, 1, 2, 3, 1])
  }

  // Combine's replaceNil on a sequence keeps the element type optional: the nils are replaced, the
  // elements stay `Int?` (Combine's own example prints "Optional(1.0) Optional(2.0) Optional(0.0)
  // Optional(3.0)", and Combine code unwraps them with `$0!`; OpenCombine's
  // Publishers.Sequence.replaceNil, at 1b8a26b, declares `Publishers.Sequence<[Elements.Element],
  // Failure>`). Reactive declared `[Int]`, where such code does not compile.
  @Test func replaceNilIsASequenceOfTheSameOptionalElements() {
    let numbers: [Int?] = [1, nil, 3]
    let filled: Publishers.Sequence<[Int?], Never> = numbers.publisher.replaceNil(with: 42)
    #expect(filled.sequence == [1, 42, 3])
    let names: [String?] = ["1", nil, "3"]
    let recorder = Recorder<Int, Never>()
    names.publisher.replaceNil(with: "42").map { Int($0!)! }.subscribe(recorder)
    #expect(recorder.values == [1, 42, 3])
  }

  @Test func theClosureRunsWhenTheOperatorIsAppliedNotOnSubscription() {
    var calls = 0
    let mapped = [1, 2, 3].publisher.map { value -> Int in
      calls += 1
      return value
    }
    #expect(calls == 3)
    let recorder = Recorder<Int, Never>()
    mapped.subscribe(recorder)
    #expect(calls == 3)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test func dropAndPrefixKeepTheSequenceLazyWhereCombinesDo() {
    let dropped: Publishers.Sequence<DropFirstSequence<Range<Int>>, Never> = (0..<4).publisher.dropFirst()
    let droppedThree: Publishers.Sequence<DropFirstSequence<Range<Int>>, Never> = (0..<4).publisher
      .dropFirst(3)
    let dropWhile: Publishers.Sequence<DropWhileSequence<Range<Int>>, Never> = (0..<7).publisher.drop {
      $0 < 5
    }
    let prefix: Publishers.Sequence<PrefixSequence<Range<Int>>, Never> = (0..<10).publisher.prefix(3)
    let prefixWhile: Publishers.Sequence<[Int], Never> = (0..<10).publisher.prefix { $0 < 4 }
    #expect(Array(dropped.sequence) == [1, 2, 3])
    #expect(Array(droppedThree.sequence) == [3])
    #expect(Array(dropWhile.sequence) == [5, 6])
    #expect(Array(prefix.sequence) == [0, 1, 2])
    #expect(prefixWhile.sequence == [0, 1, 2, 3])
    #expect(Array([Int]().publisher.dropFirst(.max).sequence) == [])
  }

  @Test func minMaxFirstAndLastAreOptionalPublishers() {
    let empty = [Int]().publisher
    let values = [3, 4, 5, -1, 2].publisher
    let least: Optional<Int>.Publisher = values.min()
    let greatest: Optional<Int>.Publisher = values.max()
    let leastBy: Optional<Int>.Publisher = values.min(by: >)
    let greatestBy: Optional<Int>.Publisher = values.max(by: >)
    #expect([least, greatest, leastBy, greatestBy].map(\.output) == [-1, 5, 5, -1])
    #expect(empty.min().output == nil)
    #expect(empty.max().output == nil)
    let first: Optional<Int>.Publisher = values.first()
    let last: Optional<Int>.Publisher = values.last()
    let firstWhere: Optional<Int>.Publisher = (1..<9).publisher.first { $0.isMultiple(of: 4) }
    let lastWhere: Optional<Int>.Publisher = (1..<9).publisher.last { $0.isMultiple(of: 4) }
    #expect([first, last, firstWhere, lastWhere].map(\.output) == [3, 2, 4, 8])
    #expect(empty.first().output == nil)
    #expect(empty.last().output == nil)
    #expect((1..<9).publisher.first { $0 > 20 }.output == nil)
  }

  @Test func outputAtAndInAreAnOptionalPublisherAndASequenceOfAnArray() {
    let values = [1, 2, 3, 4, 5, 6, 7].publisher
    let fourth: Optional<Int>.Publisher = values.output(at: 3)
    let some: Publishers.Sequence<[Int], Never> = values.output(in: 1..<4)
    #expect(fourth.output == 4)
    #expect(values.output(at: 100).output == nil)
    #expect(values.output(at: -1).output == nil)
    #expect(some.sequence == [2, 3, 4])
  }

  @Test func countIsAJustForARandomAccessCollectionThatCannotFailAndAResultOtherwise() {
    let count: Just<Int> = (0..<Int.max).publisher.count()
    let none: Just<Int> = [Int]().publisher.count()
    let failing: Result<Int, TestError>.Publisher = [1, 1, 1].publisher.setFailureType(to: TestError.self)
      .count()
    let lazy: Result<Int, Never>.Publisher = [1, 2, 3, 4, 5, 6].lazy.filter { $0.isMultiple(of: 2) }
      .publisher.count()
    #expect(count == Just(.max))
    #expect(none == Just(0))
    #expect(failing.result == .success(3))
    #expect(lazy.result == .success(3))
  }

  @Test func reducingOperatorsAreResultPublishers() throws {
    let all: Result<Bool, Never>.Publisher = [1, 1, -2, 3].publisher.allSatisfy { $0 > 0 }
    let contains: Result<Bool, Never>.Publisher = (0...12).publisher.contains(12)
    let containsWhere: Result<Bool, Never>.Publisher = (99..<200).publisher.contains { $0 < 100 }
    let collected: Result<[Int], Never>.Publisher = (1..<5).publisher.collect()
    let reduced: Result<Int, Never>.Publisher = (0..<5).publisher.reduce(10, +)
    #expect(all.result == .success(false))
    #expect(contains.result == .success(true))
    #expect((0..<12).publisher.contains(12).result == .success(false))
    #expect(containsWhere.result == .success(true))
    #expect(collected.result == .success([1, 2, 3, 4]))
    #expect(reduced.result == .success(20))
    #expect([Int]().publisher.reduce(1, *).result == .success(1))
  }

  @Test func tryOperatorsAreResultPublishersOfTheirErrors() throws {
    let all: Result<Bool, any Error>.Publisher = (1..<10).publisher.tryAllSatisfy { $0 > 0 }
    let contains: Result<Bool, any Error>.Publisher = (0..<100).publisher.tryContains { $0 > 100 }
    let reduced: Result<Int, any Error>.Publisher = (0..<5).publisher.tryReduce(10, +)
    #expect(try all.result.get())
    #expect(try !contains.result.get())
    #expect(try reduced.result.get() == 20)
    #expect(try [Int]().publisher.tryAllSatisfy(boom).result.get())
    #expect(try ![Int]().publisher.tryContains(where: boom).result.get())
    #expect(try [Int]().publisher.tryReduce(1) { _, _ in throw TestError.boom }.result.get() == 1)
    #expect(throws: TestError.boom) { try (1..<10).publisher.tryAllSatisfy(boom).result.get() }
    #expect(throws: TestError.boom) { try [2].publisher.tryContains(where: boom).result.get() }
    #expect(throws: TestError.boom) {
      try [1].publisher.tryReduce(2) { _, _ in throw TestError.boom }.result.get()
    }
  }

  @Test func ignoreOutputIsEmptyAndSetFailureTypeKeepsTheSequence() {
    let ignored: Empty<Int, Never> = (0..<10).publisher.ignoreOutput()
    #expect(ignored.completeImmediately)
    let failing: Publishers.Sequence<CollectionOfOne<Int>, TestError> = CollectionOfOne(42).publisher
      .setFailureType(to: TestError.self)
    #expect(failing.sequence.first == 42)
  }

  // Combine's Publishers.Sequence where Elements: RangeReplaceableCollection has append and prepend of
  // values, of a sequence and of another Publishers.Sequence, each giving a Publishers.Sequence of the
  // same collection type (OpenCombine's SequenceTests, "Operator specializations for Sequence").
  @Test func appendAndPrependOfValuesSequencesAndSequencePublishersAreSequences() {
    let base = [2, 3].publisher
    let appended: Publishers.Sequence<[Int], Never> = base.append(4, 5)
    let appendedSequence: Publishers.Sequence<[Int], Never> = base.append(4..<6)
    let appendedPublisher: Publishers.Sequence<[Int], Never> = base.append([4, 5].publisher)
    let prepended: Publishers.Sequence<[Int], Never> = base.prepend(0, 1)
    let prependedSequence: Publishers.Sequence<[Int], Never> = base.prepend(0..<2)
    let prependedPublisher: Publishers.Sequence<[Int], Never> = base.prepend([0, 1].publisher)
    #expect(appended.sequence == [2, 3, 4, 5])
    #expect(appendedSequence.sequence == [2, 3, 4, 5])
    #expect(appendedPublisher.sequence == [2, 3, 4, 5])
    #expect(prepended.sequence == [0, 1, 2, 3])
    #expect(prependedSequence.sequence == [0, 1, 2, 3])
    #expect(prependedPublisher.sequence == [0, 1, 2, 3])
    let text: Publishers.Sequence<String, TestError> = Publishers.Sequence(sequence: "bc").append("d")
      .prepend("a")
    #expect(text.sequence == "abcd")
  }

  // OpenCombine's SequenceTests.testOutputAtIndexOperatorSpecialization and
  // testOutputInRangeOperatorSpecialization, at 0239e54: output(at:) and output(in:) take the
  // collection's own indices (a slice's start where it starts, a string's String.Index), checking the
  // index against the collection's indices and reading it by subscript.
  @Test func outputAtAndInTakeTheCollectionsOwnIndices() {
    let slice = [10, 20, 30, 40][1...]
    let atTwo: Optional<Int>.Publisher = slice.publisher.output(at: 2)
    let twoToFour: Publishers.Sequence<[Int], Never> = slice.publisher.output(in: 2..<4)
    #expect(atTwo.output == 30)
    #expect(slice.publisher.output(at: 0).output == nil)
    #expect(twoToFour.sequence == [30, 40])
    let text = "abc"
    let second: Optional<Character>.Publisher = text.publisher.output(at: text.index(after: text.startIndex))
    #expect(second.output == "b")
    let log = CallLog([1, 2, 3, 4, 5, 6, 7])
    #expect(log.publisher.output(at: 3).output == 4)
    #expect(log.calls == [.initFromSequence, .indices, .subscriptPosition])
    #expect(log.publisher.output(at: 100).output == nil)
    #expect(log.publisher.output(at: -1).output == nil)
    #expect(log.calls == [.initFromSequence, .indices, .subscriptPosition, .indices, .indices])
    let ranged = CallLog([1, 2, 3, 4, 5, 6, 7])
    #expect(ranged.publisher.output(in: 1..<4).sequence == [2, 3, 4])
    #expect(
      ranged.calls == [
        .initFromSequence, .subscriptBounds, .distance, .subscriptPosition, .formIndexAfter,
        .subscriptPosition, .formIndexAfter, .subscriptPosition, .formIndexAfter,
      ])
  }

  // OpenCombine's SequenceTests.testPrependVariadicOperatorSpecialization,
  // testPrependSequenceOperatorSpecialization and testPrependPublisherOperatorSpecialization, at
  // 0239e54: prepend of values or a sequence makes a new collection, reserving room for both, and
  // appends the two to it; prepend of a Publishers.Sequence appends the collection to a copy of that
  // publisher's collection (for a collection of reference semantics, the collection itself).
  @Test func prependReservesRoomInANewCollectionOrAddsToThePrependedPublishersCollection() {
    let base = CallLog([4, 5, 6, 7])
    let prepended = base.publisher.prepend(1, 2, 3).sequence
    #expect(prepended.storage == [1, 2, 3, 4, 5, 6, 7])
    #expect(base.storage == [4, 5, 6, 7])
    #expect(base.calls == [.initFromSequence, .count, .underestimatedCount, .makeIterator])
    #expect(prepended.calls == [.emptyInit, .reserveCapacity, .appendContents, .appendContents])
    let second = CallLog([4, 5, 6, 7])
    let front = CallLog([1, 2, 3])
    let joined = second.publisher.prepend(front).sequence
    #expect(joined.storage == [1, 2, 3, 4, 5, 6, 7])
    #expect(second.calls == [.initFromSequence, .count, .underestimatedCount, .makeIterator])
    #expect(front.calls == [.initFromSequence, .underestimatedCount, .underestimatedCount, .makeIterator])
    #expect(joined.calls == [.emptyInit, .reserveCapacity, .appendContents, .appendContents])
    let third = CallLog([4, 5, 6, 7])
    let frontPublisher = CallLog([1, 2, 3])
    let ontoFront = third.publisher.prepend(frontPublisher.publisher).sequence
    #expect(ontoFront === frontPublisher)
    #expect(frontPublisher.storage == [1, 2, 3, 4, 5, 6, 7])
    #expect(third.storage == [4, 5, 6, 7])
    #expect(third.calls == [.initFromSequence, .underestimatedCount, .makeIterator])
    #expect(frontPublisher.calls == [.initFromSequence, .appendContents])
  }

  // OpenCombine's SequenceTests.testAppendVariadicOperatorSpecialization,
  // testAppendSequenceOperatorSpecialization and testAppendPublisherOperatorSpecialization, at 0239e54
  // (the version stored): append adds to a copy of the collection, which for a collection of
  // reference semantics is the collection itself, and reads the other sequence once.
  @Test func appendAddsToTheCollectionItselfAndReadsTheOtherOnce() {
    let base = CallLog([1, 2, 3])
    let appended = base.publisher.append(4, 5, 6, 7).sequence
    #expect(appended === base)
    #expect(base.storage == [1, 2, 3, 4, 5, 6, 7])
    #expect(base.calls == [.initFromSequence, .appendContents])
    for makeAppended in [
      { (base: CallLog<Int>, other: CallLog<Int>) in base.publisher.append(other).sequence },
      { (base: CallLog<Int>, other: CallLog<Int>) in base.publisher.append(other.publisher).sequence },
    ] {
      let base = CallLog([1, 2, 3])
      let other = CallLog([4, 5, 6, 7])
      let appended = makeAppended(base, other)
      #expect(appended === base)
      #expect(base.storage == [1, 2, 3, 4, 5, 6, 7])
      #expect(other.storage == [4, 5, 6, 7])
      #expect(base.calls == [.initFromSequence, .appendContents])
      #expect(other.calls == [.initFromSequence, .underestimatedCount, .makeIterator])
    }
  }
}

/// A collection of reference semantics that records which of its requirements the specialised
/// operators call, in order: the collection calls Combine's operators make are part of what a
/// collection with side effects sees.
final class CallLog<Element>: RangeReplaceableCollection {
  enum Call: Equatable {
    case makeIterator, underestimatedCount
    case startIndex, endIndex, subscriptPosition, subscriptBounds, indices, isEmpty, count
    case indexOffset, indexOffsetLimited, distance, indexAfter, formIndexAfter
    case emptyInit, initFromSequence, initRepeating, replaceSubrange, reserveCapacity, append
    case appendContents
  }

  private(set) var calls: [Call]
  private(set) var storage: [Element]

  private init(calls: [Call], storage: [Element]) {
    self.calls = calls
    self.storage = storage
  }

  required convenience init() { self.init(calls: [.emptyInit], storage: []) }
  required convenience init<S: Sequence>(_ elements: S) where S.Element == Element {
    self.init(calls: [.initFromSequence], storage: Array(elements))
  }
  required convenience init(repeating repeatedValue: Element, count: Int) {
    self.init(calls: [.initRepeating], storage: Array(repeating: repeatedValue, count: count))
  }

  func makeIterator() -> IndexingIterator<[Element]> {
    calls.append(.makeIterator)
    return storage.makeIterator()
  }
  var underestimatedCount: Int {
    calls.append(.underestimatedCount)
    return storage.underestimatedCount
  }
  var startIndex: Int {
    calls.append(.startIndex)
    return storage.startIndex
  }
  var endIndex: Int {
    calls.append(.endIndex)
    return storage.endIndex
  }
  subscript(position: Int) -> Element {
    calls.append(.subscriptPosition)
    return storage[position]
  }
  subscript(bounds: Range<Int>) -> Slice<CallLog> {
    calls.append(.subscriptBounds)
    return Slice(base: self, bounds: bounds)
  }
  var indices: Range<Int> {
    calls.append(.indices)
    return storage.indices
  }
  var isEmpty: Bool {
    calls.append(.isEmpty)
    return storage.isEmpty
  }
  var count: Int {
    calls.append(.count)
    return storage.count
  }
  func index(_ i: Int, offsetBy distance: Int) -> Int {
    calls.append(.indexOffset)
    return storage.index(i, offsetBy: distance)
  }
  func index(_ i: Int, offsetBy distance: Int, limitedBy limit: Int) -> Int? {
    calls.append(.indexOffsetLimited)
    return storage.index(i, offsetBy: distance, limitedBy: limit)
  }
  func distance(from start: Int, to end: Int) -> Int {
    calls.append(.distance)
    return storage.distance(from: start, to: end)
  }
  func index(after i: Int) -> Int {
    calls.append(.indexAfter)
    return storage.index(after: i)
  }
  func formIndex(after i: inout Int) {
    calls.append(.formIndexAfter)
    storage.formIndex(after: &i)
  }
  func replaceSubrange<C: Collection, R: RangeExpression>(_ subrange: R, with newElements: C)
  where C.Element == Element, R.Bound == Int {
    calls.append(.replaceSubrange)
    storage.replaceSubrange(subrange, with: newElements)
  }
  func reserveCapacity(_ n: Int) {
    calls.append(.reserveCapacity)
    storage.reserveCapacity(n)
  }
  func append(_ newElement: Element) {
    calls.append(.append)
    storage.append(newElement)
  }
  func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
    calls.append(.appendContents)
    storage.append(contentsOf: newElements)
  }
}
