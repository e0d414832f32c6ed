import BenchmarkSupport
import Foundation

/// `make bench`: every benchmark of the project, printed as tables. `Benchmarks list` runs only the
/// item list's, `Benchmarks shop` only the domain's, `Benchmarks reactive` only Reactive's hot paths.
if CommandLine.arguments.dropFirst().first == "reactive" {
  let reactive = ReactiveBenchmarks().run()
  HotPathBenchmarks().run(
    floor: reactive.floor, passthrough: reactive.passthrough, subscribeCancel: reactive.subscribeCancel)
} else if CommandLine.arguments.dropFirst().first == "list" {
  ListBenchmarks().run()
} else if CommandLine.arguments.dropFirst().first == "shop" {
  runShopBenchmarks()
} else {
  let reactive = ReactiveBenchmarks().run()
  HotPathBenchmarks().run(
    floor: reactive.floor, passthrough: reactive.passthrough, subscribeCancel: reactive.subscribeCancel)
  SubjectScaleBenchmarks().run()
  OperatorScaleBenchmarks().run()
  runShopBenchmarks()
  RenderBenchmarks().run()
  ListBenchmarks().run()
  ScriptBenchmarks().run()
}
