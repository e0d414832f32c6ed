/// What a key or a click asks for, once ``KeyBindings`` has read it in the light of what the screen
/// is doing.
enum AppAction: Equatable {
  case move(Int)
  case page(Int)
  case top
  case bottom
  case addSelected
  case removeSelected
  case command(ShopCommand)
  case switchMode
  case debounceUp
  case debounceDown
  case beginFilter
  case filterType(Character)
  case filterBackspace
  case finishFilter
  case clearFilter
  case toggleHelp
  case closeHelp
  case select(row: Int)
  case addAt(row: Int)
  case resize(width: Int, height: Int)
  case quit
}
