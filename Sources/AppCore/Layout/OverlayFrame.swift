/// Where a box over the main screen goes (the help, the message log, the history, the details, the
/// checkout's question): centred between the header and the footer, as tall as its lines up to the
/// screen, with the columns its text may use. The update (for scrolling) and the views agree on it.
struct OverlayFrame: Equatable {
  /// The widest box.
  static let maximumWidth = 120

  /// The box, border included.
  let rect: GridRect
  /// The columns its text may use.
  let textWidth: Int

  /// The frame of a box that wants `rows` lines of text on a screen `width` x `height`.
  init(width screenWidth: Int, height screenHeight: Int, rows wanted: Int) {
    let width = min(screenWidth, Self.maximumWidth)
    let height = max(3, min(screenHeight - 2, wanted + 2))
    rect = GridRect(
      x: (screenWidth - width) / 2, y: 1 + (screenHeight - 2 - height) / 2, width: width, height: height)
    textWidth = max(1, width - 4)
  }

  /// The rows of text the box shows (its height less its border).
  var textRows: Int { rect.height - 2 }
}
