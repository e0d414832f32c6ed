import BenchmarkSupport
import Foundation

/// `make bench`, the app's part: start-up, memory and bytes per badge change of the release binary on a
/// pseudo-terminal, and the cost of reading catalog and state files at and past the limits. (Render
/// times are the Benchmarks executable's, which links the app core.)
let binary = CommandLine.arguments.dropFirst().first ?? ".build/release/shop"
if CommandLine.arguments.dropFirst(2).first == "--limits-only" {
  InputLimitBenchmarks(binary: binary).run()
} else {
  AppProcessBenchmarks(binary: binary).run()
  LargeCatalogBenchmarks(binary: binary).run()
  InputLimitBenchmarks(binary: binary).run()
}
