/// One checked line of a script: a change to the shop, or a pause on the script's clock.
enum ScriptStep: Equatable, Sendable {
  /// Carry out a command through the app core, as a key would.
  case perform(ShopCommand)
  /// Let `milliseconds` go by on the clock before the next line.
  case wait(milliseconds: Int)
}
