/// What an input asks for, once ``KeyBindings`` has read it in the light of what the screen is doing.
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
  case filterPaste(String)
  case filterBackspace
  case finishFilter
  case clearFilter
  case cycleOrder
  case ignorePaste(characters: Int)
  case openHelp
  case openMessages
  case scrollOverlay(Int)
  case closeOverlay
  case askToCheckOut
  case confirmCheckout
  case select(row: Int)
  case addAt(row: Int)
  case scrollList(Int)
  case resize(width: Int, height: Int)
  case repaint
  case quit
}
