import Reactive

@testable import Shop

/// Records every value a publisher delivers, from any thread.
final class ValueRecorder: Sendable {
  private let recorded = Locked<[Int]>([])
  private let cancellable = Locked<AnyCancellable?>(nil)

  init(_ publisher: AnyPublisher<Int, Never>, onValue: @escaping @Sendable (Int) -> Void = { _ in }) {
    let recorded = self.recorded
    let subscription = publisher.sink { value in
      recorded.withLock { $0.append(value) }
      onValue(value)
    }
    cancellable.withLock { $0 = subscription }
  }

  var values: [Int] { recorded.withLock { $0 } }
}
