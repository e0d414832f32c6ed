extension Future where Failure == Never {
  /// The future's value, once its promise is fulfilled.
  ///
  /// It waits for the promise even when the task is cancelled, as there is nothing else to return.
  public var value: Output {
    get async {
      await result.get()
    }
  }
}

extension Future {
  /// The future's value, once its promise is fulfilled; throws the future's failure.
  ///
  /// It waits for the promise even when the task is cancelled.
  public var value: Output {
    get async throws {
      try await result.get()
    }
  }

  /// The promise's result, once there is one.
  fileprivate var result: Result<Output, Failure> {
    get async {
      let handed = await withCheckedContinuation {
        (continuation: CheckedContinuation<Handed<Output, Failure>, Never>) in
        subscribe(
          Subscribers.Sink(
            receiveCompletion: { completion in
              if case .failure(let failure) = completion {
                continuation.resume(returning: Handed(result: .failure(failure)))
              }
            },
            receiveValue: { value in continuation.resume(returning: Handed(result: .success(value))) }))
      }
      return handed.result
    }
  }
}

/// A future's result handed from the thread that fulfils the promise to the task waiting for it,
/// which alone uses it.
private struct Handed<Output, Failure: Error>: @unchecked Sendable {
  let result: Result<Output, Failure>
}
