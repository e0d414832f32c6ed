// Combine gives `Just` its own overloads of these operators: each works out its answer from the one
// value at once and returns a publisher of that answer (`Just`, `Optional.Publisher`,
// `Result.Publisher` or `Empty`) instead of wrapping the `Just` in the general operator.

extension Just where Output: Comparable {
  /// The value itself, the least of one.
  public func min() -> Just<Output> { self }

  /// The value itself, the greatest of one.
  public func max() -> Just<Output> { self }
}

extension Just where Output: Equatable {
  /// Whether the value equals `output`.
  public func contains(_ output: Output) -> Just<Bool> { Just<Bool>(self.output == output) }

  /// The value itself: one value has no duplicates.
  public func removeDuplicates() -> Just<Output> { self }
}

extension Just {
  /// The value itself; `areInIncreasingOrder` is not called.
  public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

  /// The value itself; `areInIncreasingOrder` is not called.
  public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

  /// The value itself; `predicate` is not called.
  public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

  /// What `areInIncreasingOrder` answers for the value against itself, or the error it throws: as in
  /// Combine, the comparator is called once, and its answer is the output, not the value.
  public func tryMin(
    by areInIncreasingOrder: (Output, Output) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try areInIncreasingOrder(output, output) })
  }

  /// What `areInIncreasingOrder` answers for the value against itself, or the error it throws: as in
  /// Combine, the comparator is called once, and its answer is the output, not the value.
  public func tryMax(
    by areInIncreasingOrder: (Output, Output) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try areInIncreasingOrder(output, output) })
  }

  /// The value, or the error `predicate` throws when given the value twice.
  public func tryRemoveDuplicates(
    by predicate: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    Result<Output, any Error>.Publisher(
      Result {
        _ = try predicate(output, output)
        return output
      })
  }

  /// Whether `predicate` holds for the value.
  public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
    Just<Bool>(predicate(output))
  }

  /// Whether `predicate` holds for the value, or the error it throws.
  public func tryContains(
    where predicate: (Output) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try predicate(output) })
  }

  /// Whether `predicate` holds for the value.
  public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
    Just<Bool>(predicate(output))
  }

  /// Whether `predicate` holds for the value, or the error it throws.
  public func tryAllSatisfy(
    _ predicate: (Output) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try predicate(output) })
  }

  /// An array of the one value.
  public func collect() -> Just<[Output]> { Just<[Output]>([output]) }

  /// One: the number of values.
  public func count() -> Just<Int> { Just<Int>(1) }

  /// The value itself, the first.
  public func first() -> Just<Output> { self }

  /// The value itself, the last.
  public func last() -> Just<Output> { self }

  /// No value, finishing at once.
  public func ignoreOutput() -> Empty<Output, Never> { Empty() }

  /// The value, transformed.
  public func map<T>(_ transform: (Output) -> T) -> Just<T> { Just<T>(transform(output)) }

  /// The value, transformed, or the error `transform` throws.
  public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try transform(output) })
  }

  /// The value, transformed, or nothing when `transform` gives `nil`.
  public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
    Optional<T>.Publisher(transform(output))
  }

  /// The value itself, which cannot fail; `transform` is not called.
  public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
    Result<Output, E>.Publisher(output)
  }

  /// The value itself, now of a publisher that may fail with `E`.
  public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
    Result<Output, E>.Publisher(output)
  }

  /// The value itself, which cannot fail.
  public func replaceError(with output: Output) -> Just<Output> { self }

  /// The value itself, which is never missing.
  public func replaceEmpty(with output: Output) -> Just<Output> { self }

  /// The value itself, which cannot fail.
  public func retry(_ retries: Int) -> Just<Output> { self }
}

extension Just {
  /// The value, or nothing when `count` is above zero.
  public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
    precondition(count >= 0, "dropFirst needs a count of zero or more, not \(count)")
    return Optional<Output>.Publisher(count == 0 ? output : nil)
  }

  /// Nothing when `predicate` holds for the value, else the value.
  public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(predicate(output) ? nil : output)
  }

  /// The value when `predicate` holds for it, else nothing.
  public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    kept(if: predicate(output))
  }

  /// The value when `predicate` holds for it, else nothing.
  public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    kept(if: predicate(output))
  }

  /// The value when `isIncluded` holds for it, else nothing.
  public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
    kept(if: isIncluded(output))
  }

  /// The value when `predicate` holds for it, else nothing.
  public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    kept(if: predicate(output))
  }

  /// The value when `maxLength` is above zero, else nothing.
  public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
    precondition(maxLength >= 0, "prefix needs a length of zero or more")
    return kept(if: maxLength > 0)
  }

  /// The value when `index` is zero, else nothing.
  public func output(at index: Int) -> Optional<Output>.Publisher {
    precondition(index >= 0, "output(at:) needs an index of zero or more, not \(index)")
    return kept(if: index == 0)
  }

  /// The value when `range` starts at zero, else nothing; as Combine's, an empty range starting at
  /// zero keeps the value too.
  public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher
  where R.Bound == Int {
    kept(if: range.relative(to: 0..<Int.max).lowerBound == 0)
  }

  /// The combination of `initialResult` and the value.
  public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) -> T
  ) -> Result<T, Never>.Publisher {
    Result<T, Never>.Publisher(.success(nextPartialResult(initialResult, output)))
  }

  /// The combination of `initialResult` and the value, or the error `nextPartialResult` throws.
  public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
  }

  /// The combination of `initialResult` and the value, the one step of the scan.
  public func scan<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) -> T
  ) -> Result<T, Never>.Publisher {
    Result<T, Never>.Publisher(.success(nextPartialResult(initialResult, output)))
  }

  /// The combination of `initialResult` and the value, or the error `nextPartialResult` throws.
  public func tryScan<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
  }

  private func kept(if keep: Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(keep ? output : nil)
  }
}

extension Just {
  /// `elements`, then the value, as one ``Publishers/Sequence``, as Combine's `Just` makes them.
  public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
    prepend(elements)
  }

  /// The elements of `elements`, then the value, as one ``Publishers/Sequence``, in a new array with
  /// room reserved for both, as Combine's `Just` makes them.
  public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never>
  where S.Element == Output {
    var joined: [Output] = []
    joined.reserveCapacity(elements.underestimatedCount + 1)
    joined.append(contentsOf: elements)
    joined.append(output)
    return Publishers.Sequence(sequence: joined)
  }

  /// The value, then `elements`, as one ``Publishers/Sequence``, as Combine's `Just` makes them.
  public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
    append(elements)
  }

  /// The value, then the elements of `elements`, as one ``Publishers/Sequence``, as Combine's `Just`
  /// makes them.
  public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never>
  where S.Element == Output {
    var joined = [output]
    joined.append(contentsOf: elements)
    return Publishers.Sequence(sequence: joined)
  }
}
