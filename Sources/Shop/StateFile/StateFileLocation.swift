/// Where the state file lives, following the XDG base directory rules.
public enum StateFileLocation {
  /// `$XDG_STATE_HOME/shop/state.json` when that is an absolute path, else
  /// `$HOME/.local/state/shop/state.json`; nil when neither variable gives an absolute path.
  public static func path(environment: [String: String]) -> String? {
    if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
      return joined(stateHome, "shop/state.json")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return joined(home, ".local/state/shop/state.json")
    }
    return nil
  }

  private static func joined(_ directory: String, _ relative: String) -> String {
    directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
  }
}
