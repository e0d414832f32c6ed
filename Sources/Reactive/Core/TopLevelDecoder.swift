/// A decoder that turns an encoded form back into a whole value, such as `JSONDecoder` reading a value
/// from `Data`: what ``Publisher/decode(type:decoder:)`` needs of a decoder.
public protocol TopLevelDecoder {
  /// The encoded form, such as `Data`.
  associatedtype Input

  /// Decodes a value of `type` from `input`; throws what the decoding throws.
  func decode<T: Decodable>(_ type: T.Type, from input: Input) throws -> T
}
