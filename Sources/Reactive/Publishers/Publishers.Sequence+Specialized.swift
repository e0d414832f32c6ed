// Combine gives `Publishers.Sequence` its own overloads of these operators: each works out its answer
// from the sequence at once, when the operator is applied (a closure runs then, not on subscription),
// and returns a publisher of that answer (another `Publishers.Sequence`, `Just`, `Optional.Publisher`,
// `Result.Publisher` or `Empty`) instead of wrapping the sequence in the general operator.

extension Publishers.Sequence {
  /// Whether every element satisfies `predicate`.
  public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(sequence.allSatisfy(predicate))
  }

  /// Whether every element satisfies `predicate`, or the error it throws.
  public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
  }

  /// All the elements, in one array.
  public func collect() -> Result<[Output], Failure>.Publisher {
    Result<[Output], Failure>.Publisher(Array(sequence))
  }

  /// The non-`nil` results of `transform` on the elements.
  public func compactMap<T>(_ transform: (Output) -> T?) -> Publishers.Sequence<[T], Failure> {
    Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
  }

  /// Whether an element satisfies `predicate`.
  public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(sequence.contains(where: predicate))
  }

  /// Whether an element satisfies `predicate`, or the error it throws.
  public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try sequence.contains(where: predicate) })
  }

  /// The elements from the first that does not satisfy `predicate` on.
  public func drop(
    while predicate: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
    Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
  }

  /// The elements after the first `count`.
  public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
    Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
  }

  /// The elements that satisfy `isIncluded`.
  public func filter(_ isIncluded: (Output) -> Bool) -> Publishers.Sequence<[Output], Failure> {
    Publishers.Sequence<[Output], Failure>(sequence: sequence.filter(isIncluded))
  }

  /// No elements; it finishes at once.
  public func ignoreOutput() -> Empty<Output, Failure> {
    Empty()
  }

  /// The results of `transform` on the elements.
  public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
    Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
  }

  /// The first `maxLength` elements.
  public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
    Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
  }

  /// The elements before the first that does not satisfy `predicate`.
  public func prefix(
    while predicate: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.prefix(while: predicate))
  }

  /// The elements folded into `initialResult` by `nextPartialResult`.
  public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(sequence.reduce(initialResult, nextPartialResult))
  }

  /// The elements folded into `initialResult` by `nextPartialResult`, or the error it throws.
  public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
  }

  /// Each partial result of folding the elements into `initialResult`.
  public func scan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Sequence<[T], Failure> {
    var partial = initialResult
    return Publishers.Sequence<[T], Failure>(
      sequence: sequence.map { element in
        partial = nextPartialResult(partial, element)
        return partial
      })
  }

  /// The same elements, declared to fail with `E` (they never do).
  public func setFailureType<E: Error>(to error: E.Type) -> Publishers.Sequence<Elements, E> {
    Publishers.Sequence<Elements, E>(sequence: sequence)
  }

  /// The elements, with `output` in place of each `nil`; as in Combine, the elements stay optional
  /// (`[1, nil].publisher.replaceNil(with: 0)` publishes `Optional(1)`, `Optional(0)`).
  public func replaceNil<T>(with output: T) -> Publishers.Sequence<[Elements.Element], Failure>
  where Elements.Element == T? {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.map { $0 ?? output })
  }
}

extension Publishers.Sequence where Elements.Element: Equatable {
  /// The elements, leaving out each that equals the one before it.
  public func removeDuplicates() -> Publishers.Sequence<[Output], Failure> {
    var previous: Output?
    var kept: [Output] = []
    for element in sequence where element != previous {
      kept.append(element)
      previous = element
    }
    return Publishers.Sequence<[Output], Failure>(sequence: kept)
  }

  /// Whether an element equals `output`.
  public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(sequence.contains(output))
  }
}

extension Publishers.Sequence where Failure == Never {
  /// The least element by `areInIncreasingOrder`, or nothing for an empty sequence.
  public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(sequence.min(by: areInIncreasingOrder))
  }

  /// The greatest element by `areInIncreasingOrder`, or nothing for an empty sequence.
  public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(sequence.max(by: areInIncreasingOrder))
  }

  /// The first element that satisfies `predicate`, or nothing.
  public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(sequence.first(where: predicate))
  }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
  /// The least element, or nothing for an empty sequence.
  public func min() -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(sequence.min())
  }

  /// The greatest element, or nothing for an empty sequence.
  public func max() -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(sequence.max())
  }
}

extension Publishers.Sequence where Elements: Collection {
  /// How many elements the collection has.
  public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(sequence.count)
  }

  /// The elements at the collection's indices in `range` (its own indices: a slice's start where it
  /// starts).
  public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Output], Failure> {
    Publishers.Sequence<[Output], Failure>(sequence: Array(sequence[range]))
  }
}

extension Publishers.Sequence where Failure == Never, Elements: Collection {
  /// The first element, or nothing for an empty collection.
  public func first() -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(sequence.first)
  }

  /// The element at the collection's index `index` (its own index: a slice's start where it starts),
  /// or nothing for an index that is not one of the collection's.
  public func output(at index: Elements.Index) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
  }
}

extension Publishers.Sequence where Failure == Never, Elements: RandomAccessCollection {
  /// How many elements the collection has.
  public func count() -> Just<Int> {
    Just(sequence.count)
  }
}

extension Publishers.Sequence where Failure == Never, Elements: BidirectionalCollection {
  /// The last element, or nothing for an empty collection.
  public func last() -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(sequence.last)
  }

  /// The last element that satisfies `predicate`, or nothing.
  public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(sequence.last(where: predicate))
  }
}

extension Publishers.Sequence where Elements: RangeReplaceableCollection {
  /// The elements, then `elements`, in a collection of the same type.
  public func append(_ elements: Output...) -> Publishers.Sequence<Elements, Failure> {
    append(elements)
  }

  /// The elements, then those of `elements`, in a collection of the same type.
  public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
  where S.Element == Elements.Element {
    var joined = sequence
    joined.append(contentsOf: elements)
    return Publishers.Sequence(sequence: joined)
  }

  /// The elements, then those of `publisher`, in a collection of the same type.
  public func append(_ publisher: Publishers.Sequence<Elements, Failure>)
    -> Publishers.Sequence<Elements, Failure>
  {
    append(publisher.sequence)
  }

  /// `elements`, then the elements, in a collection of the same type.
  public func prepend(_ elements: Output...) -> Publishers.Sequence<Elements, Failure> {
    prepend(elements)
  }

  /// The elements of `elements`, then the elements, in a new collection of the same type with room
  /// reserved for both.
  public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
  where S.Element == Elements.Element {
    var joined = Elements()
    joined.reserveCapacity(sequence.count + elements.underestimatedCount)
    joined.append(contentsOf: elements)
    joined.append(contentsOf: sequence)
    return Publishers.Sequence(sequence: joined)
  }

  /// The elements of `publisher`, then the elements: this collection appended to a copy of
  /// `publisher`'s.
  public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>)
    -> Publishers.Sequence<Elements, Failure>
  {
    var joined = publisher.sequence
    joined.append(contentsOf: sequence)
    return Publishers.Sequence(sequence: joined)
  }
}
