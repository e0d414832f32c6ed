import BenchmarkSupport
import Foundation

/// `make bench`, the app's part: render times, which the release binary measures itself when run with
/// SHOP_RENDER_BENCHMARK=1, then start-up, memory and bytes per badge change of the binary on a
/// pseudo-terminal.
let binary = CommandLine.arguments.dropFirst().first ?? ".build/release/shop"
RenderTimes(binary: binary).print()
AppProcessBenchmarks(binary: binary).run()
