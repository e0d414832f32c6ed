import Dispatch
import Foundation
import Reactive
import Shop

/// Writes `shop: message` to standard error, control characters escaped (the message may repeat an
/// argument or a file name), and exits with `status`.
func fail(_ message: String, status: Int32 = 2) -> Never {
  FileHandle.standardError.write(Data("shop: \(UntrustedText.escaped(message))\n".utf8))
  exit(status)
}

if ProcessInfo.processInfo.environment["SHOP_RENDER_BENCHMARK"] == "1" {
  RenderBenchmark().run()
  exit(0)
}

let request: CommandLineRequest
do {
  request = try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail(error.description)
}

switch request {
case .help:
  print(HelpText.text)
case .version:
  print(HelpText.version)
case .script(let path, let virtualClock, let options):
  exit(ScriptMode.run(path: path, virtualClock: virtualClock, options: options))
case .run(let options):
  let startup: Startup
  do {
    startup = try Startup.prepare(
      options, environment: ProcessInfo.processInfo.environment, scriptMode: false)
  } catch {
    fail(error.description)
  }
  do {
    try Terminal.preflight()
  } catch {
    let reason =
      switch error {
      case .notATerminal: "standard input and output must be a terminal"
      case .unknownTerminal(let term):
        term.isEmpty ? "TERM is not set" : "unknown terminal type '\(term)' (TERM)"
      case .cannotStartScreen: "cannot start the screen"
      }
    fail("\(reason); use --script FILE to run without one")
  }
  let session = ShopSession(
    catalog: startup.catalog, shop: startup.shop, mode: options.store, debounce: options.debounce,
    scheduler: DispatchQueue.main.eraseToAnyScheduler(),
    saveState: { [stateStore = startup.stateStore] in stateStore?.save($0) })
  let controller = AppController(session: session, width: 80, height: 24)
  if let notice = startup.notice { controller.showNotice(notice) }
  let app = ShopApp(
    controller: controller,
    terminalOptions: Terminal.Options(colorDisabled: options.colorDisabled, mouse: !options.mouseDisabled),
    stateStore: startup.stateStore)
  DispatchQueue.main.async {
    MainActor.assumeIsolated {
      do {
        try app.start()
      } catch {
        fail("cannot start the screen; use --script FILE to run without one")
      }
    }
  }
  dispatchMain()
}
