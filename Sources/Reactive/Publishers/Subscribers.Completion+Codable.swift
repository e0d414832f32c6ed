/// A completion encodes as Combine's does: `{"success": true}` for `.finished`, and
/// `{"success": false, "error": ...}` for a failure.
extension Subscribers.Completion {
  private enum CodingKeys: String, CodingKey {
    case success
    case error
  }
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
  /// Writes `success`, and for a failure its `error`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .finished:
      try container.encode(true, forKey: .success)
    case .failure(let error):
      try container.encode(false, forKey: .success)
      try container.encode(error, forKey: .error)
    }
  }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
  /// Reads what ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if try container.decode(Bool.self, forKey: .success) {
      self = .finished
    } else {
      self = .failure(try container.decode(Failure.self, forKey: .error))
    }
  }
}
