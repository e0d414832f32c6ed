import Dispatch
import Foundation

// A temporary demo of the terminal edge; the real app replaces this file.

/// The demo: a header, a list with a moving highlight, `a` to bump the header count, `q` to quit.
@MainActor
final class EdgeDemo {
  private let names = ["Apple", "Crème fraîche", "抹茶 Matcha", "🍎 Red apple", "Sourdough bread", "Paper bag"]
  private let terminal: Terminal
  private var loop: TerminalEventLoop?
  private var redraws: RedrawCoalescer?
  private var selection = 0
  private var count = 0

  init(options: Terminal.Options) {
    terminal = Terminal(options: options)
  }

  func run() {
    do {
      try Terminal.preflight()
      let loop = TerminalEventLoop(terminal: terminal) { [unowned self] event in self.handle(event) }
      self.loop = loop
      redraws = RedrawCoalescer { [unowned self] in self.terminal.draw(self.render()) }
      loop.start()
      try terminal.start()
      terminal.draw(render())
    } catch {
      terminal.stop()
      let reason =
        switch error {
        case .notATerminal: "standard input and output must be a terminal"
        case .unknownTerminal(let term): "unknown terminal type '\(term)'"
        case .cannotStartScreen: "cannot start the screen"
        }
      FileHandle.standardError.write(Data("shop: \(reason); use --script FILE to run without one\n".utf8))
      exit(2)
    }
  }

  private func handle(_ event: InputEvent) {
    switch event {
    case .key(.character("q")), .key(.interrupt): loop?.exit(status: 0)
    case .key(.character("j")), .key(.down): selection = min(names.count - 1, selection + 1)
    case .key(.character("k")), .key(.up): selection = max(0, selection - 1)
    case .key(.character("a")): count += 1
    case .click(_, let y), .doubleClick(_, let y): if (2..<2 + names.count).contains(y) { selection = y - 2 }
    default: break
    }
    redraws?.setNeedsRedraw()
  }

  private func render() -> Grid {
    var grid = Grid(width: terminal.width, height: terminal.height)
    guard grid.width >= 20, grid.height >= 5 else {
      grid.write("too small", at: GridPoint(x: 0, y: 0))
      return grid
    }
    let header = Style(foreground: .accent, attributes: .bold)
    grid.writeField(" shop   Basket: \(count)", at: GridPoint(x: 0, y: 0), width: grid.width, style: header)
    for (row, name) in names.enumerated() where row + 2 < grid.height - 1 {
      let style: Style = row == selection ? .selected : .plain
      grid.writeField(" " + name, at: GridPoint(x: 0, y: row + 2), width: min(grid.width, 24), style: style)
    }
    grid.write(
      "j/k move  a add  q quit", at: GridPoint(x: 0, y: grid.height - 1), style: Style(foreground: .muted))
    return grid
  }
}

let arguments = CommandLine.arguments.dropFirst()
let demo = EdgeDemo(
  options: Terminal.Options(
    colorDisabled: arguments.contains("--no-color"), mouse: !arguments.contains("--no-mouse")))
DispatchQueue.main.async { MainActor.assumeIsolated { demo.run() } }
dispatchMain()
