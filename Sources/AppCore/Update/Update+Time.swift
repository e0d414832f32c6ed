import Foundation
import Shop

extension AppState {
  /// The time controls: zoom (`[` `]`), pause (Space), pace (`<` `>`) and the presenter layout (`p`).
  mutating func controlTime(_ action: AppAction.Time, effects: inout [AppEffect]) {
    switch action {
    case .zoom(let step):
      let spans = Timeline.spans
      let index = max(0, min(spans.count - 1, (spans.firstIndex(of: timelineSpan) ?? 1) + step))
      timelineSpan = spans[index]
      let limit = index == 0 ? " (the closest)" : index == spans.count - 1 ? " (the widest)" : ""
      say("the timeline shows the last \(timelineSpan / 1000) s\(limit)", kind: .info)
    case .togglePause:
      isPaused.toggle()
      effects.append(.setPace(isPaused ? 0 : pace))
      say(
        isPaused ? "time stands still: Space lets it run again" : "time runs again at \(Self.paceName(pace))",
        kind: .info)
    case .changePace(let step):
      let paces = Self.paces
      let index = max(0, min(paces.count - 1, (paces.firstIndex(of: pace) ?? paces.count - 1) + step))
      pace = paces[index]
      if !isPaused { effects.append(.setPace(pace)) }
      let limit = index == 0 ? " (the slowest)" : index == paces.count - 1 ? " (real time)" : ""
      say(
        "time runs at \(Self.paceName(pace))\(limit)\(isPaused ? ", once Space lets it run" : "")",
        kind: .info)
    case .togglePresenter:
      isPresenting.toggle()
      say(isPresenting ? "presenter layout: p goes back" : "the full layout again", kind: .info)
    }
  }
}
