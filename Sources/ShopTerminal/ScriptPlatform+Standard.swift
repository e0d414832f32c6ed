import AppCore
import Dispatch
import Foundation
import Shop

extension ScriptPlatform {
  /// The process's own: its script files, standard input, output and error, and the system's clocks.
  /// Each line is written at once with one `write`, so a reader sees real-time events as they happen.
  static let standard = ScriptPlatform(
    readStandardInput: { () throws(ScriptFileError) in
      try ScriptFile.readAll(descriptor: STDIN_FILENO, name: "standard input")
    },
    readFile: { path, whileWaiting throws(ScriptFileError) in
      try ScriptFile.contents(atPath: path, whileWaiting: whileWaiting)
    },
    // A closed or full output cannot be reported anywhere: the exit status still says how it went.
    output: { try? WholeWrite.writeLine($0, to: STDOUT_FILENO) },
    error: { StandardError.write(UntrustedText.safe($0)) },
    uptime: { .now() },
    date: Date.init)
}
