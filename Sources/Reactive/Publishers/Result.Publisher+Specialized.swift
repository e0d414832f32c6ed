// Combine gives `Result.Publisher` its own overloads of these operators: each works out its answer
// from the result at once and returns another `Result.Publisher` (or an `Empty`) instead of wrapping
// the publisher in the general operator. A failure passes through; closures are not called for it.

extension Result.Publisher where Success: Comparable {
  /// The value itself, the least of one, or the failure.
  public func min() -> Result<Success, Failure>.Publisher { self }

  /// The value itself, the greatest of one, or the failure.
  public func max() -> Result<Success, Failure>.Publisher { self }
}

extension Result.Publisher where Success: Equatable {
  /// Whether the value equals `output`, or the failure.
  public func contains(_ output: Success) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map { $0 == output })
  }

  /// The value itself, or the failure: one value has no duplicates.
  public func removeDuplicates() -> Result<Success, Failure>.Publisher { self }
}

extension Result.Publisher where Failure == Never {
  /// The value itself, now of a publisher that may fail with `E`.
  public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Success, E>.Publisher {
    Result<Success, E>.Publisher(.success(result.get()))
  }
}

extension Result.Publisher {
  /// The value itself, or the failure; `areInIncreasingOrder` is not called.
  public func min(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
    self
  }

  /// The value itself, or the failure; `areInIncreasingOrder` is not called.
  public func max(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
    self
  }

  /// The value itself, or the failure; `predicate` is not called.
  public func removeDuplicates(by predicate: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher
  {
    self
  }

  /// The value, or the failure, or the error `areInIncreasingOrder` throws given the value twice.
  public func tryMin(
    by areInIncreasingOrder: (Success, Success) throws -> Bool
  ) -> Result<Success, any Error>.Publisher {
    tried { value in
      _ = try areInIncreasingOrder(value, value)
      return value
    }
  }

  /// The value, or the failure, or the error `areInIncreasingOrder` throws given the value twice.
  public func tryMax(
    by areInIncreasingOrder: (Success, Success) throws -> Bool
  ) -> Result<Success, any Error>.Publisher {
    tried { value in
      _ = try areInIncreasingOrder(value, value)
      return value
    }
  }

  /// The value, or the failure, or the error `predicate` throws given the value twice.
  public func tryRemoveDuplicates(
    by predicate: (Success, Success) throws -> Bool
  ) -> Result<Success, any Error>.Publisher {
    tried { value in
      _ = try predicate(value, value)
      return value
    }
  }

  /// Whether `predicate` holds for the value, or the failure.
  public func contains(where predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map(predicate))
  }

  /// Whether `predicate` holds for the value, or the failure, or the error it throws.
  public func tryContains(where predicate: (Success) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    tried(predicate)
  }

  /// Whether `predicate` holds for the value, or the failure.
  public func allSatisfy(_ predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map(predicate))
  }

  /// Whether `predicate` holds for the value, or the failure, or the error it throws.
  public func tryAllSatisfy(_ predicate: (Success) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    tried(predicate)
  }

  /// An array of the value, or the failure.
  public func collect() -> Result<[Success], Failure>.Publisher {
    Result<[Success], Failure>.Publisher(result.map { [$0] })
  }

  /// One, or the failure.
  public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(result.map { _ in 1 })
  }

  /// The value itself, the first, or the failure.
  public func first() -> Result<Success, Failure>.Publisher { self }

  /// The value itself, the last, or the failure.
  public func last() -> Result<Success, Failure>.Publisher { self }

  /// No value, finishing at once; as Combine's, a failure is not passed on either.
  public func ignoreOutput() -> Empty<Success, Failure> { Empty() }

  /// The value, transformed, or the failure.
  public func map<T>(_ transform: (Success) -> T) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(result.map(transform))
  }

  /// The value, transformed, or the failure, or the error `transform` throws.
  public func tryMap<T>(_ transform: (Success) throws -> T) -> Result<T, any Error>.Publisher {
    tried(transform)
  }

  /// The value, or the failure, transformed.
  public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Success, E>.Publisher {
    Result<Success, E>.Publisher(result.mapError(transform))
  }

  /// The value, or `output` in place of the failure.
  public func replaceError(with output: Success) -> Result<Success, Never>.Publisher {
    Result<Success, Never>.Publisher(.success((try? result.get()) ?? output))
  }

  /// The value itself, which is never missing, or the failure.
  public func replaceEmpty(with output: Success) -> Result<Success, Failure>.Publisher { self }

  /// The value itself, or the failure, which would only come again.
  public func retry(_ retries: Int) -> Result<Success, Failure>.Publisher { self }

  /// The combination of `initialResult` and the value, or the failure.
  public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: (T, Success) -> T
  ) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
  }

  /// The combination of `initialResult` and the value, or the failure, or the error thrown.
  public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: (T, Success) throws -> T
  ) -> Result<T, any Error>.Publisher {
    tried { try nextPartialResult(initialResult, $0) }
  }

  /// The combination of `initialResult` and the value, or the failure.
  public func scan<T>(
    _ initialResult: T, _ nextPartialResult: (T, Success) -> T
  ) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
  }

  /// The combination of `initialResult` and the value, or the failure, or the error thrown.
  public func tryScan<T>(
    _ initialResult: T, _ nextPartialResult: (T, Success) throws -> T
  ) -> Result<T, any Error>.Publisher {
    tried { try nextPartialResult(initialResult, $0) }
  }

  private func tried<T>(_ body: (Success) throws -> T) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result<T, any Error> { try body(result.get()) })
  }
}
