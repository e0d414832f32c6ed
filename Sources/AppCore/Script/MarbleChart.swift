import Shop

/// A script run sorted into what a marble diagram draws, for the text diagram (``MarbleDiagram``)
/// and the SVG (``MarbleSVG``) alike: the lanes (sent, badge, basket, then one per lab stage, named
/// by the stage), each with its values and where it finished, the debounce windows, the actions and
/// the notes.
struct MarbleChart {
  /// One row of the diagram.
  struct Lane {
    /// The lane's name: `sent`, `badge`, `basket`, or a stage as written (`debounce 500ms`).
    let name: String
    /// Whether it is one of a lab pipeline's stages.
    let isStage: Bool
    /// Its values, oldest first: when, and the value as written.
    var values: [(milliseconds: Int, text: String)] = []
    /// When its stream finished, if it did (`prefix`).
    var finished: Int?
  }

  /// When the run ended, in milliseconds.
  let end: Int
  /// The lanes, top to bottom.
  private(set) var lanes: [Lane] = [
    Lane(name: "sent", isStage: false), Lane(name: "badge", isStage: false),
    Lane(name: "basket", isStage: false),
  ]
  /// The debounce windows: from the last value sent to the badge value it became.
  private(set) var windows: [(from: Int, to: Int)] = []
  /// The actions: when, and their letter.
  private(set) var actions: [(milliseconds: Int, letter: Character)] = []
  /// The notes: when, and the text, escaped.
  private(set) var notes: [(milliseconds: Int, text: String)] = []

  /// The chart of `events`, a run that ended at `end` milliseconds. A stage gets its lane the first
  /// time it produces something; a later pipeline with the same stage in the same place shares it.
  init(events: [TimedEvent], end: Int) {
    self.end = end
    var stageLanes: [String: Int] = [:]
    var lastSent: Int?
    for timed in events {
      let at = timed.milliseconds
      switch timed.event {
      case .sent(let value):
        lanes[0].values.append((at, "\(value)"))
        lastSent = at
      case .badge(let value):
        lanes[1].values.append((at, "\(value)"))
        if let sent = lastSent, at > sent { windows.append((sent, at)) }
        lastSent = nil
      case .basket(let value): lanes[2].values.append((at, "\(value)"))
      case .action(let action): actions.append((at, action.mark.letter))
      case .lane(let index, let stage, let output):
        let key = "\(index) \(stage.text)"
        if stageLanes[key] == nil {
          lanes.append(Lane(name: stage.text, isStage: true))
          stageLanes[key] = lanes.count - 1
        }
        let lane = stageLanes[key]!
        switch output {
        case .value(let value): lanes[lane].values.append((at, value.description))
        case .finished: lanes[lane].finished = at
        }
      case .note(let text): notes.append((at, UntrustedText.escaped(text)))
      }
    }
  }

  /// What each action letter stands for, for the legend.
  static let actionNames: [Character: String] = [
    "C": "checkout", "R": "reorder", "M": "store", "D": "debounce", "U": "undo", "Y": "redo",
  ]

  /// The legend of the actions drawn: `C checkout, R reorder`.
  var actionLegend: String {
    Set(actions.map(\.letter)).sorted().map { "\($0) \(Self.actionNames[$0] ?? "")" }.joined(separator: ", ")
  }
}
