import Foundation

/// `make bench`, the app's part: start-up, memory and bytes per badge change of the release binary on
/// a pseudo-terminal. (Render times come from the binary itself, run with SHOP_RENDER_BENCHMARK=1.)
let binary = CommandLine.arguments.dropFirst().first ?? ".build/release/shop"
AppProcessBenchmarks(binary: binary).run()
