import Shop

/// Why a command was refused: one line for the status bar or the script's standard output.
public enum ShopCommandError: Error, Equatable, CustomStringConvertible {
  /// The catalog has no item with this id.
  case unknownItem(String)
  /// The domain refused.
  case refused(String)

  /// The line.
  public var description: String {
    switch self {
    case .unknownItem(let id): "no item \(UntrustedText.quoted(id)) in the catalog"
    case .refused(let reason): reason
    }
  }
}
