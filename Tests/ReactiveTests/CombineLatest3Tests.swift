import Reactive
import Testing

@Suite struct CombineLatest3Tests {
  @Test func combinesTheLatestOfThreeOnceEachHasSentOne() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let c = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.combineLatest(b, c).map { "\($0),\($1),\($2)" }.subscribe(recorder)
    a.send(1)
    a.send(2)
    b.send(2)
    c.send(9)
    a.send(3)
    b.send(12)
    for subject in [a, b, c] { subject.send(completion: .finished) }
    #expect(
      recorder.events == [
        .subscription, .value("2,2,9"), .value("3,2,9"), .value("3,12,9"), .completion(.finished),
      ])
  }

  @Test func combinesWithATransform() {
    let recorder = Recorder<Int, Never>()
    Just(2).combineLatest(Just(3), Just(4)) { $0 * $1 * $2 }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(24), .completion(.finished)])
  }

  @Test func anUpstreamThatFinishesWithoutAValueLeavesNothingToCombine() {
    let recorder = Recorder<String, Never>()
    Just(1).combineLatest(Empty<Int, Never>(), Just(3)).map { "\($0),\($1),\($2)" }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: Just(1).combineLatest(Just(2), Just(3))).description == "CombineLatest")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.combineLatest(Empty(), Empty()) { $0 + $1 + $2 }
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}
