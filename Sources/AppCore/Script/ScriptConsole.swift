import Foundation

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
  static let standard = ScriptConsole(
    readStandardInput: { () throws(ScriptFileError) in
      try ScriptFile.readAll(descriptor: STDIN_FILENO, name: "standard input")
    },
    output: { writeLine($0, to: STDOUT_FILENO) },
    error: { writeLine($0, to: STDERR_FILENO) }
  )

  private static func writeLine(_ line: String, to descriptor: Int32) {
    let bytes = Array((line + "\n").utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return }
      written += result
    }
  }
}
