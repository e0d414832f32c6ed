import Shop

/// Checks a whole script before anything runs (see DESIGN.md, "Script mode"): one command a line,
/// `#` starts a comment, blank lines are skipped. Every bad line is reported, in order, up to
/// ``ScriptProblems/maximumShown``; a script with any bad line runs nothing.
struct ScriptParser {
  /// The catalog whose item ids `add` and `remove` may name.
  let catalog: Catalog

  /// The steps of `bytes`, a script in UTF-8 with `\n` or `\r\n` line ends.
  func parse(_ bytes: some Collection<UInt8>) throws(ScriptProblems) -> [ScriptLine] {
    var lines: [ScriptLine] = []
    var problems: [ScriptProblem] = []
    var total = 0
    for (index, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = index + 1
      do {
        if let step = try parseLine(raw) { lines.append(ScriptLine(number: number, step: step)) }
      } catch {
        total += 1
        if problems.count < ScriptProblems.maximumShown {
          problems.append(ScriptProblem(line: number, message: error.message))
        }
      }
    }
    guard problems.isEmpty else { throw ScriptProblems(problems: problems, total: total) }
    return lines
  }

  /// The steps of `text`.
  func parse(_ text: String) throws(ScriptProblems) -> [ScriptLine] {
    try parse(Array(text.utf8))
  }

  /// The step of one line without its `\n`, or `nil` for a blank or comment line.
  private func parseLine(_ raw: some Collection<UInt8>) throws(LineProblem) -> ScriptStep? {
    var bytes = Array(raw)
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw LineProblem("not valid UTF-8 text")
    }
    let code = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard let name = words.first else { return nil }
    return try ScriptCommandSyntax.step(named: name, arguments: Array(words.dropFirst()), catalog: catalog)
  }
}
