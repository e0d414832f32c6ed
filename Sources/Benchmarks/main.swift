import BenchmarkSupport
import Foundation

/// `make bench`: every benchmark of the project, printed as tables.
let reactive = ReactiveBenchmarks()
reactive.run()
SubjectScaleBenchmarks().run()
runShopBenchmarks()
