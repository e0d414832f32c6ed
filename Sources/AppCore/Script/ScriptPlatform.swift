import Dispatch
import Foundation

/// What the script modes (`--script`, `--play`) need from the machine, handed in by the executable
/// (`ScriptPlatform.standard` there) or by a test: reading the script, standard input, the two output
/// streams and the clock. The core itself opens no file, reads no clock and writes no stream.
public struct ScriptPlatform: Sendable {
  /// Reads a script file whole; opening a FIFO waits for a program to write to it, and when that does
  /// not happen at once the function it is given is told, from another thread, one line saying so.
  public typealias ReadFile =
    @Sendable (_ path: String, _ whileWaiting: @escaping @Sendable (String) -> Void) throws(ScriptFileError)
    ->
    [UInt8]

  /// Reads all of standard input (for `--script -`).
  public let readStandardInput: @Sendable () throws(ScriptFileError) -> [UInt8]
  /// Reads the script at a path.
  public let readFile: ReadFile
  /// Writes one line (without its newline) to standard output.
  public let output: @Sendable (String) -> Void
  /// Writes one line (without its newline) to standard error; the text is escaped before it is given.
  public let error: @Sendable (String) -> Void
  /// The real clock that a script on the real clock is timed by.
  public let uptime: @Sendable () -> DispatchTime
  /// The date now: what stamps the orders a script places, and names a state file moved aside.
  public let date: @Sendable () -> Date

  /// A platform made of these functions.
  public init(
    readStandardInput: @escaping @Sendable () throws(ScriptFileError) -> [UInt8],
    readFile: @escaping ReadFile, output: @escaping @Sendable (String) -> Void,
    error: @escaping @Sendable (String) -> Void, uptime: @escaping @Sendable () -> DispatchTime,
    date: @escaping @Sendable () -> Date
  ) {
    self.readStandardInput = readStandardInput
    self.readFile = readFile
    self.output = output
    self.error = error
    self.uptime = uptime
    self.date = date
  }
}
