/// Where text sits in a field wider than the text.
public enum FieldAlignment: Sendable {
  /// Text first, padding after.
  case leading
  /// Padding first, text after: prices and counts.
  case trailing
}
