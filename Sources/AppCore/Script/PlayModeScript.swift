import Dispatch
import Reactive
import Shop

/// A script read and checked for `--play`.
public struct PlayModeScript: Sendable {
  let lines: [ScriptLine]

  /// Reads the script at `path` with `readFile` and checks it against `catalog`: every bad line is one
  /// of the messages of the error (`error: line N: ...`), as in script mode. `whileWaiting` is told if
  /// the file is a FIFO that no program writes to yet.
  public static func load(
    path: String, catalog: Catalog, readFile: ScriptPlatform.ReadFile,
    whileWaiting: @escaping @Sendable (String) -> Void = { _ in }
  ) -> Result<PlayModeScript, PlayModeError> {
    guard path != "-" else {
      return .failure(
        PlayModeError(messages: ["error: --play needs a file: standard input is the terminal"]))
    }
    do {
      let bytes = try readFile(path, whileWaiting)
      return .success(PlayModeScript(lines: try ScriptParser(catalog: catalog).parse(bytes)))
    } catch let error as ScriptProblems {
      return .failure(PlayModeError(messages: error.messages))
    } catch {
      return .failure(PlayModeError(messages: ["error: \(UntrustedText.escaped("\(error)"))"]))
    }
  }
}
