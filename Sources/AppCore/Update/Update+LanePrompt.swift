import Shop

extension AppState {
  /// Opens, edits, recalls into, submits or cancels the lane prompt (`:`). Enter draws the pipeline
  /// typed (`none` takes the lanes away); a pipeline that does not read is refused, naming the stage
  /// and what is allowed, and the prompt stays open with the text, the lanes as they were.
  mutating func editLanePrompt(_ action: AppAction.LanePrompt, effects: inout [AppEffect]) {
    switch action {
    case .begin:
      lanePrompt = LanePrompt()
      say(
        "lane pipeline: stages separated by | (removeDuplicates | debounce 500ms); Enter draws, Esc cancels",
        kind: .info)
    case .type(let character):
      guard !character.isNewline, !character.unicodeScalars.contains(where: UntrustedText.isControl) else {
        return
      }
      typeIntoPrompt(String(character))
    case .paste(let text):
      typeIntoPrompt(
        String(
          text.map { $0.isNewline ? " " : $0 }.filter {
            !$0.unicodeScalars.contains(where: UntrustedText.isControl)
          }
        ))
    case .backspace:
      guard var prompt = lanePrompt, !prompt.text.isEmpty else { return }
      prompt.text.removeLast()
      prompt.recalled = nil
      lanePrompt = prompt
    case .recall(let step):
      guard var prompt = lanePrompt, !laneHistory.isEmpty else { return }
      let next = (prompt.recalled ?? -1) + step
      if next < 0 {
        prompt.recalled = nil
        prompt.text = ""
      } else {
        let index = min(next, laneHistory.count - 1)
        prompt.recalled = index
        prompt.text = laneHistory[laneHistory.count - 1 - index]
      }
      lanePrompt = prompt
    case .cancel:
      lanePrompt = nil
      say("no change to the lanes", kind: .info)
    case .submit:
      submitLanePrompt(effects: &effects)
    }
  }

  /// Draws the pipeline typed at the prompt (Enter), remembering it for ↑ ↓; one that does not read is
  /// refused with the reason and the prompt stays open.
  private mutating func submitLanePrompt(effects: inout [AppEffect]) {
    guard let prompt = lanePrompt else { return }
    let text = prompt.text.trimmingSpaces()
    guard !text.isEmpty else {
      lanePrompt = nil
      return say("no change to the lanes (none takes them away)", kind: .info)
    }
    let pipeline: LabPipeline?
    if text == "none" {
      pipeline = nil
    } else {
      do {
        pipeline = try LabPipeline.parse(text)
      } catch {
        return say("lane: \(error.message)", kind: .error)
      }
    }
    lanePrompt = nil
    laneHistory.removeAll { $0 == text }
    laneHistory.append(text)
    if laneHistory.count > LanePrompt.historyCapacity { laneHistory.removeFirst() }
    run(.lane(pipeline), effects: &effects)
  }

  private mutating func typeIntoPrompt(_ text: String) {
    guard var prompt = lanePrompt, !text.isEmpty else { return }
    prompt.text = String((prompt.text + text).prefix(LanePrompt.maximumCharacters))
    prompt.recalled = nil
    lanePrompt = prompt
  }
}

extension String {
  /// The string without spaces at either end.
  fileprivate func trimmingSpaces() -> String {
    var characters = Substring(self)
    while characters.first == " " || characters.first == "\t" { characters.removeFirst() }
    while characters.last == " " || characters.last == "\t" { characters.removeLast() }
    return String(characters)
  }
}
