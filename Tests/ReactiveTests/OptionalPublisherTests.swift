import Reactive
import Testing

@Suite struct OptionalPublisherTests {
  @Test func aValueWaitsForDemandThenFinishes() {
    let recorder = Recorder<String, Never>(request: .none)
    Optional("a").publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value("a"), .completion(.finished)])
  }

  @Test func nilFinishesUponSubscription() {
    let recorder = Recorder<String, Never>(request: .none)
    Optional<String>.none.publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test func isEquatable() {
    #expect(Optional(1).publisher == Optional<Int>.Publisher(1))
    #expect(Optional<Int>.Publisher(nil).output == nil)
  }

  @Test func describesItselfAsCombineDoes() {
    #expect(reflection(of: Optional(1).publisher).description == "Optional")
  }
}
