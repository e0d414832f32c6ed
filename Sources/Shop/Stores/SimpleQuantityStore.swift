import Reactive

/// The article's uncontrolled store, kept to show what it costs.
///
/// Who owns the data: nobody in particular. Who may write: anyone holding the store, by sending any
/// value to `quantitySubject`; there is no validation, and a read-then-send can lose a concurrent
/// update. Who reads: anyone, every send included (duplicates are not removed).
public final class SimpleQuantityStore: QuantityStore {
  /// The shared subject; anyone may send to it.
  public let quantitySubject: CurrentValueSubject<Int, Never>

  /// Creates a store holding `quantity`.
  public init(quantity: Int = 0) {
    quantitySubject = CurrentValueSubject(quantity)
  }

  /// The subject's current value.
  public var quantity: Int { quantitySubject.value }

  /// Every value sent to the subject.
  public var quantityPublisher: AnyPublisher<Int, Never> { quantitySubject.eraseToAnyPublisher() }

  /// `.shared(quantitySubject)`.
  public var writeAccess: QuantityWriteAccess { .shared(quantitySubject) }
}
