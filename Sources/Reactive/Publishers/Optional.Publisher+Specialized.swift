// Combine gives `Optional.Publisher` its own overloads of these operators: each works out its answer
// from the value, if any, at once and returns a publisher of that answer (an `Optional.Publisher`,
// a `Just` or an `Empty`) instead of wrapping the publisher in the general operator. Closures are
// not called when there is no value.

extension Optional.Publisher where Wrapped: Comparable {
  /// The value itself, the least of at most one.
  public func min() -> Optional<Wrapped>.Publisher { self }

  /// The value itself, the greatest of at most one.
  public func max() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher where Wrapped: Equatable {
  /// Whether the value equals `output`; nothing when there is no value.
  public func contains(_ output: Wrapped) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(self.output.map { $0 == output })
  }

  /// The value itself: at most one value has no duplicates.
  public func removeDuplicates() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher {
  /// The value itself; `areInIncreasingOrder` is not called.
  public func min(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    self
  }

  /// The value itself; `areInIncreasingOrder` is not called.
  public func max(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    self
  }

  /// The value itself; `predicate` is not called.
  public func removeDuplicates(by predicate: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    self
  }

  /// Whether `predicate` holds for the value; nothing when there is no value.
  public func contains(where predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(output.map(predicate))
  }

  /// Whether `predicate` holds for the value; nothing when there is no value.
  public func allSatisfy(_ predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(output.map(predicate))
  }

  /// An array of the value, or an empty array when there is none.
  public func collect() -> Optional<[Wrapped]>.Publisher {
    Optional<[Wrapped]>.Publisher(output.map { [$0] } ?? [])
  }

  /// One when there is a value; as Combine's, nothing (not zero) when there is none.
  public func count() -> Optional<Int>.Publisher {
    Optional<Int>.Publisher(output.map { _ in 1 })
  }

  /// The value itself, the first.
  public func first() -> Optional<Wrapped>.Publisher { self }

  /// The value itself, the last.
  public func last() -> Optional<Wrapped>.Publisher { self }

  /// No value, finishing at once.
  public func ignoreOutput() -> Empty<Wrapped, Never> { Empty() }

  /// The value, transformed.
  public func map<T>(_ transform: (Wrapped) -> T) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map(transform))
  }

  /// The value, transformed, or nothing when `transform` gives `nil`.
  public func compactMap<T>(_ transform: (Wrapped) -> T?) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.flatMap(transform))
  }

  /// The value itself, which cannot fail.
  public func replaceError(with output: Wrapped) -> Optional<Wrapped>.Publisher { self }

  /// The value, or `output` when there is none.
  public func replaceEmpty(with output: Wrapped) -> Just<Wrapped> { Just(self.output ?? output) }

  /// The value itself, which cannot fail.
  public func retry(_ retries: Int) -> Optional<Wrapped>.Publisher { self }

  /// The combination of `initialResult` and the value; nothing when there is no value.
  public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
  }

  /// The combination of `initialResult` and the value; nothing when there is no value.
  public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
  }
}

extension Optional.Publisher {
  /// The value, or nothing when `count` is above zero.
  public func dropFirst(_ count: Int = 1) -> Optional<Wrapped>.Publisher {
    precondition(count >= 0, "dropFirst needs a count of zero or more, not \(count)")
    return kept { _ in count == 0 }
  }

  /// Nothing when `predicate` holds for the value, else the value.
  public func drop(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    kept { !predicate($0) }
  }

  /// The value when `predicate` holds for it, else nothing.
  public func first(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    kept(predicate)
  }

  /// The value when `predicate` holds for it, else nothing.
  public func last(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    kept(predicate)
  }

  /// The value when `isIncluded` holds for it, else nothing.
  public func filter(_ isIncluded: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    kept(isIncluded)
  }

  /// The value when `predicate` holds for it, else nothing.
  public func prefix(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    kept(predicate)
  }

  /// The value when `maxLength` is above zero, else nothing.
  public func prefix(_ maxLength: Int) -> Optional<Wrapped>.Publisher {
    precondition(maxLength >= 0, "prefix needs a length of zero or more")
    return kept { _ in maxLength > 0 }
  }

  /// The value when `index` is zero, else nothing.
  public func output(at index: Int) -> Optional<Wrapped>.Publisher {
    precondition(index >= 0, "output(at:) needs an index of zero or more, not \(index)")
    return kept { _ in index == 0 }
  }

  /// The value when `range` holds position zero, else nothing.
  public func output<R: RangeExpression>(in range: R) -> Optional<Wrapped>.Publisher
  where R.Bound == Int {
    let positions = range.relative(to: 0..<Int.max)
    precondition(positions.lowerBound >= 0, "the range must not start below zero")
    precondition(positions.upperBound < .max - 1, "the range must end below Int.max - 1")
    return kept { _ in positions.contains(0) }
  }

  private func kept(_ keep: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
    Optional<Wrapped>.Publisher(output.flatMap { keep($0) ? $0 : nil })
  }
}
