import Dispatch
import Reactive

extension LabStage {
  /// `upstream` through the stage's operator, timed on `scheduler`: the real `Reactive` operator, so
  /// that the lane shows what the operator does, at the edges too.
  func applied(
    to upstream: AnyPublisher<LabValue, Never>, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> AnyPublisher<LabValue, Never> {
    switch self {
    case .removeDuplicates:
      return upstream.removeDuplicates().eraseToAnyPublisher()
    case .debounce(let milliseconds):
      return upstream.debounce(for: .milliseconds(milliseconds), scheduler: scheduler).eraseToAnyPublisher()
    case .throttle(let milliseconds, let latest):
      return upstream.throttle(for: .milliseconds(milliseconds), scheduler: scheduler, latest: latest)
        .eraseToAnyPublisher()
    case .delay(let milliseconds):
      return upstream.delay(for: .milliseconds(milliseconds), scheduler: scheduler).eraseToAnyPublisher()
    case .dropFirst(let count):
      return upstream.dropFirst(count).eraseToAnyPublisher()
    case .prefix(let count):
      return upstream.prefix(count).eraseToAnyPublisher()
    case .filter(let test):
      return upstream.filter { $0.numeric.map(test.passes) ?? false }.eraseToAnyPublisher()
    case .map(let arithmetic):
      return upstream.map { value in
        value.numeric.map { value.withNumeric(arithmetic.apply(to: $0)) } ?? value
      }
      .eraseToAnyPublisher()
    case .scan(let running):
      return upstream.scan(LabValue?.none) { partial, value in
        guard let number = value.numeric else { return value }
        return value.withNumeric(running.next(partial?.numeric, number))
      }
      .compactMap { $0 }
      .eraseToAnyPublisher()
    case .collect(let count):
      return upstream.collect(count).map { LabValue.list($0) }.eraseToAnyPublisher()
    }
  }
}

extension LabPipeline {
  /// One publisher per stage: the `k`th is `values` through stages 1 to `k`, each its own chain of
  /// operators, so that a stage that finishes (`prefix`) ends only its own lane and those after it.
  func lanes(
    from values: AnyPublisher<Int, Never>, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> [AnyPublisher<LabValue, Never>] {
    let source = values.map(LabValue.number).eraseToAnyPublisher()
    return stages.indices.map { last in
      stages[...last].reduce(source) { upstream, stage in stage.applied(to: upstream, scheduler: scheduler) }
    }
  }
}
