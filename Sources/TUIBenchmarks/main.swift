import BenchmarkSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `make bench`, the app's part: start-up, memory and bytes per badge change of the release binary on a
/// pseudo-terminal, and the cost of reading catalog and state files at and past the limits. (Render
/// times are the Benchmarks executable's, which links the app core.)
let binary = CommandLine.arguments.dropFirst().first ?? ".build/release/shop"
if CommandLine.arguments.dropFirst(2).first == "--limits-only" {
  InputLimitBenchmarks(binary: binary).run()
} else {
  AppProcessBenchmarks(binary: binary).run()
  LargeCatalogBenchmarks(binary: binary).run()
  runLimitsInFreshProcess()
}

/// Runs the limits' benchmarks in a new process of this program. They read each run's peak memory
/// from `wait4`, and Linux carries a process's peak across `exec` into the program it starts: a
/// child started from this process, grown by the large catalog above, would report this process's
/// peak (157 MB in every row) rather than its own. A new process starts its children from its own
/// small memory.
func runLimitsInFreshProcess() {
  fflush(nil)
  let program = "/proc/self/exe"
  let arguments: [String] = [CommandLine.arguments[0], binary, "--limits-only"]
  let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, program, nil, nil, argv, environ) == 0 else {
    print("\nshop: cannot start \(program) for the limits' benchmarks")
    return
  }
  var status: Int32 = 0
  _ = waitpid(pid, &status, 0)
}
