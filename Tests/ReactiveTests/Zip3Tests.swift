import Reactive
import Testing

@Suite struct Zip3Tests {
  @Test func groupsTheValuesOfThreeInOrder() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let c = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<String, TestError>()
    a.zip(b, c).map { "\($0)\($1)\($2)" }.subscribe(recorder)
    a.send(1)
    a.send(2)
    b.send(3)
    b.send(4)
    c.send(5)
    #expect(recorder.events == [.subscription, .value("135")])
    c.send(6)
    a.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value("135"), .value("246"), .completion(.finished)])
  }

  @Test func groupsWithATransform() {
    let recorder = Recorder<Int, Never>()
    Just(1).zip(Just(2), Just(3)) { $0 + $1 + $2 }.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(6), .completion(.finished)])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: Just(1).zip(Just(2), Just(3))).description == "Zip")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.zip(Empty(completeImmediately: ending == .finish), Empty(completeImmediately: false)) {
          $0 + $1 + $2
        }
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}
