import Reactive
import Testing

@Suite struct MulticastTests {
  @Test func deliversNothingUntilConnected() {
    let recorder = Recorder<Int, Never>()
    let multicast = [1, 2].publisher.multicast { PassthroughSubject<Int, Never>() }
    multicast.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    let connection = multicast.connect()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    connection.cancel()
  }

  @Test func makesItsSubjectOnce() {
    var made = 0
    let multicast = PassthroughSubject<Int, Never>().multicast { () -> PassthroughSubject<Int, Never> in
      made += 1
      return PassthroughSubject()
    }
    multicast.subscribe(Recorder<Int, Never>())
    multicast.subscribe(Recorder<Int, Never>())
    _ = multicast.connect()
    #expect(made == 1)
  }

  @Test func cancellingTheConnectionCancelsUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    let multicast = upstream.multicast(subject: PassthroughSubject())
    multicast.subscribe(recorder)
    let connection = multicast.connect()
    upstream.send(1)
    connection.cancel()
    upstream.send(2)
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: Just(1).multicast(subject: PassthroughSubject())).description == "Multicast")
  }

  @Test func letsTheDownstreamGoWhenTheStreamEnds() {
    for ending in [StreamEnding.cancel, .finish, .fail] {
      let released = releaseCheck(ending) { upstream, _ in
        upstream.multicast(subject: PassthroughSubject()).autoconnect()
      }
      #expect(released.downstream, "\(ending)")
    }
  }
}
