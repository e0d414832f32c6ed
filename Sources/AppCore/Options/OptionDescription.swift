/// One option of `shop`'s command line, as `--help`, the man page and the shell completions describe
/// it. ``OptionTable/all`` is the one list all three are made from, so none of them can name an
/// option the others leave out; a test checks the list against ``CommandLineParser``.
public struct OptionDescription: Equatable, Sendable {
  /// What a shell may offer as the option's value.
  public enum Completion: Equatable, Sendable {
    /// Nothing: the option takes no value.
    case none
    /// A file name.
    case file
    /// One of these words (a duration, a store's name).
    case words([String])
  }

  /// The option as typed, with its dashes: `--catalog`.
  public let name: String
  /// The value's placeholder in the usage, `FILE` or `MODE`; `nil` for a flag.
  public let value: String?
  /// What a shell offers for the value.
  public let completion: Completion
  /// A phrase for completion menus: `a JSON catalog`.
  public let summary: String
  /// The lines `--help` prints beside it, already wrapped to its column.
  public let help: [String]

  /// The option as the usage shows it: `--catalog FILE`.
  public var usage: String { value.map { "\(name) \($0)" } ?? name }
}
