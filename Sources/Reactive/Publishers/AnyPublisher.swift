/// A type-erased publisher: hides the concrete chain of operators behind `Output` and `Failure`.
///
/// Hand readers an `AnyPublisher` to give them the stream without the means to change it.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible,
  CustomPlaygroundDisplayConvertible
{
  @usableFromInline let box: PublisherBox<Output, Failure>

  /// Wraps `publisher`; wrapping an `AnyPublisher` returns it unchanged.
  @inlinable
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      box = erased.box
    } else {
      box = ConcretePublisherBox(publisher)
    }
  }

  /// "AnyPublisher".
  public var description: String { "AnyPublisher" }

  /// "AnyPublisher", as its description.
  public var playgroundDescription: Any { description }

  /// Attaches `subscriber` to the wrapped publisher.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    box.receive(subscriber: subscriber)
  }
}

/// The class whose subclasses hold the concrete publisher of an ``AnyPublisher``.
@usableFromInline
class PublisherBox<Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline init() {}

  @usableFromInline
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    fatalError("abstract")
  }
}

@usableFromInline
final class ConcretePublisherBox<P: Publisher>: PublisherBox<P.Output, P.Failure>, @unchecked Sendable {
  @usableFromInline let publisher: P

  @inlinable
  init(_ publisher: P) {
    self.publisher = publisher
  }

  @inlinable
  override func receive<S: Subscriber>(subscriber: S) where S.Input == P.Output, S.Failure == P.Failure {
    publisher.receive(subscriber: subscriber)
  }
}

extension Publisher {
  /// Hides this publisher's type behind an ``AnyPublisher``.
  @inlinable
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    AnyPublisher(self)
  }
}
