import Shop

/// A command-line mistake: one line for standard error, and exit status 2.
public struct CommandLineError: Error, Equatable, CustomStringConvertible {
  /// The line.
  public let description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
