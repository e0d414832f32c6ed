import Shop

/// What the command line asks for.
public enum CommandLineRequest: Equatable {
  /// Start the app in the terminal.
  case run(AppOptions)
  /// Run a script without a terminal, printing its events, or with `marbles` its marble diagram.
  case script(path: String, virtualClock: Bool, marbles: Bool, AppOptions)
  /// Play a script in the terminal app, at its own times, then stay open.
  case play(path: String, AppOptions)
  /// Print the help text.
  case help
  /// Print the version.
  case version
}
