extension Publisher {
  /// Replaces each `nil` value with `output`, passing the others on unwrapped.
  ///
  /// As in Combine, it is a ``Publishers/Map``.
  public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
    map { $0 ?? output }
  }
}
