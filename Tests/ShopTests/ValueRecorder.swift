import Reactive
import Synchronization

/// Records every value a publisher delivers, from any thread.
final class ValueRecorder: Sendable {
  private final class Values: Sendable {
    let list = Mutex<[Int]>([])
  }

  private let recorded = Values()
  private let cancellable = Mutex<AnyCancellable?>(nil)

  init(_ publisher: AnyPublisher<Int, Never>, onValue: @escaping @Sendable (Int) -> Void = { _ in }) {
    let recorded = self.recorded
    let subscription = publisher.sink { value in
      recorded.list.withLock { $0.append(value) }
      onValue(value)
    }
    cancellable.withLock { $0 = subscription }
  }

  var values: [Int] { recorded.list.withLock { $0 } }
}
