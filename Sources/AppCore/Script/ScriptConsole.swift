import Foundation
import Shop

/// Where script mode reads standard input and writes its two output streams; tests and benchmarks
/// pass their own.
public struct ScriptConsole: Sendable {
  /// Reads all of standard input (for `--script -`).
  var readStandardInput: @Sendable () throws(ScriptFileError) -> [UInt8]
  /// Writes one line (without its newline) to standard output.
  var output: @Sendable (String) -> Void
  /// Writes one line (without its newline) to standard error.
  var error: @Sendable (String) -> Void

  /// A console that reads `input` as standard input and hands each line written to `output` or
  /// `error`.
  public init(
    input: [UInt8] = [], output: @escaping @Sendable (String) -> Void,
    error: @escaping @Sendable (String) -> Void
  ) {
    self.init(readStandardInput: { () throws(ScriptFileError) in input }, output: output, error: error)
  }

  init(
    readStandardInput: @escaping @Sendable () throws(ScriptFileError) -> [UInt8],
    output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
  ) {
    self.readStandardInput = readStandardInput
    self.output = output
    self.error = error
  }

  /// The process's own standard input, output and error. Each line is written at once with one
  /// `write`, so a reader sees real-time events as they happen.
  public static let standard = ScriptConsole(
    readStandardInput: { () throws(ScriptFileError) in
      try ScriptFile.readAll(descriptor: STDIN_FILENO, name: "standard input")
    },
    // A closed or full output cannot be reported anywhere: the exit status still says how it went.
    output: { try? WholeWrite.writeLine($0, to: STDOUT_FILENO) },
    error: { try? WholeWrite.writeLine(UntrustedText.safe($0).description, to: STDERR_FILENO) }
  )
}
