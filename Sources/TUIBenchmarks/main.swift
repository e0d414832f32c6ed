import BenchmarkSupport
import Foundation

/// `make bench`, the app's part: start-up, memory and bytes per badge change of the release binary on a
/// pseudo-terminal. (Render times are the Benchmarks executable's, which links the app core.)
let binary = CommandLine.arguments.dropFirst().first ?? ".build/release/shop"
AppProcessBenchmarks(binary: binary).run()
LargeCatalogBenchmarks(binary: binary).run()
