import Dispatch
import Foundation
import Reactive
import Shop

/// The terminal app: connects the terminal edge and its event loop to the controller, redraws at most
/// once per main-queue turn, animates the timeline only while something on it moves, and saves the
/// state on every way out.
@MainActor
final class ShopApp {
  private let controller: AppController
  private let terminal: Terminal
  private let stateStore: StateStore?
  private var loop: TerminalEventLoop?
  private var redraws: RedrawCoalescer?
  private var animation: (any DispatchSourceTimer)?

  /// An app that has not touched the terminal yet.
  init(controller: AppController, terminalOptions: Terminal.Options, stateStore: StateStore?) {
    self.controller = controller
    self.terminal = Terminal(options: terminalOptions)
    self.stateStore = stateStore
  }

  /// Starts the event sources and the screen, and draws the first frame. Call from a main-queue block
  /// after `Terminal.preflight()` succeeded.
  func start() throws(Terminal.StartError) {
    let loop = TerminalEventLoop(
      terminal: terminal, deliver: { [unowned self] event in self.handle(event) },
      willExit: { [unowned self] in self.flushState() })
    self.loop = loop
    redraws = RedrawCoalescer { [unowned self] in self.draw() }
    controller.session.onEvent = { [unowned self] _ in self.stateDidChange() }
    loop.start()
    try terminal.start()
    controller.handle(.resize(width: terminal.width, height: terminal.height))
    draw()
  }

  private func handle(_ event: InputEvent) {
    let listTop = controller.layout.list.origin.y
    guard let action = KeyBindings.action(for: event, in: controller.state, listTop: listTop) else { return }
    if !controller.handle(action), let loop {
      loop.exit(status: 0)
    }
    stateDidChange()
  }

  private func stateDidChange() {
    redraws?.setNeedsRedraw()
    updateAnimation()
  }

  private func draw() {
    terminal.draw(Screen.render(controller.state, controller.session))
  }

  /// Runs a 100 ms timer while the timeline is on screen and moving, and stops it as soon as nothing
  /// moves, so an idle app wakes up for nothing.
  private func updateAnimation() {
    let moving = controller.layout.timeline != nil && TimelineView.isMoving(controller.session)
    if moving, animation == nil {
      let timer = DispatchSource.makeTimerSource(queue: .main)
      timer.schedule(
        deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(10))
      timer.setEventHandler { [weak self] in
        MainActor.assumeIsolated { self?.stateDidChange() }
      }
      timer.resume()
      animation = timer
    } else if !moving, let timer = animation {
      timer.cancel()
      animation = nil
    }
  }

  private func flushState() {
    do {
      try stateStore?.flush()
    } catch {
      FileHandle.standardError.write(Data("shop: \(UntrustedText.escaped("\(error)"))\n".utf8))
    }
  }
}
