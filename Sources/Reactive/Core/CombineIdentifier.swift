import Synchronization

private let nextIdentifier = Atomic<UInt64>(0)

/// A unique identity for a publisher, subscriber or subscription, used for debugging.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
  private let rawValue: UInt64

  /// Creates an identifier that no other call returns.
  public init() {
    rawValue = nextIdentifier.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// Creates the identifier of an object, equal for the same instance while it lives: the object's
  /// address, as Combine's, so its description is the address in hexadecimal.
  public init(_ object: AnyObject) {
    rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
  }

  /// The identifier in hexadecimal.
  public var description: String {
    "0x" + String(rawValue, radix: 16)
  }
}

/// A type that has a ``CombineIdentifier``.
public protocol CustomCombineIdentifierConvertible {
  /// The identity of this instance.
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  /// The identity of this object.
  public var combineIdentifier: CombineIdentifier {
    CombineIdentifier(self)
  }
}
