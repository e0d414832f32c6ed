import Reactive
import Testing

@Suite struct AutoconnectTests {
  @Test func connectsWhenTheFirstSubscriberArrivesAfterAttachingIt() {
    let recorder = Recorder<Int, Never>()
    [1, 2].publisher.multicast(subject: PassthroughSubject()).autoconnect().subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test func disconnectsWhenTheLastSubscriberCancels() {
    let upstream = ManualPublisher<Int, TestError>()
    let autoconnect = upstream.multicast(subject: PassthroughSubject()).autoconnect()
    let first = Recorder<Int, TestError>()
    let second = Recorder<Int, TestError>()
    autoconnect.subscribe(first)
    autoconnect.subscribe(second)
    #expect(upstream.subscriberCount == 1)
    second.cancel()
    second.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    first.cancel()
    #expect(upstream.subscription.calls == [.request(.unlimited), .cancel])
  }

  @Test func describesItselfAsCombineDoes() {
    let autoconnect = PassthroughSubject<Int, Never>().multicast(subject: PassthroughSubject()).autoconnect()
    #expect(reflection(of: autoconnect).description == "Autoconnect")
  }
}
