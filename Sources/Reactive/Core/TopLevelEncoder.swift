/// An encoder that turns a whole value into its encoded form, such as `JSONEncoder` turning a value
/// into `Data`: what ``Publisher/encode(encoder:)`` needs of an encoder.
public protocol TopLevelEncoder {
  /// The encoded form, such as `Data`.
  associatedtype Output

  /// Encodes `value`; throws what the encoding throws.
  func encode<T: Encodable>(_ value: T) throws -> Output
}
