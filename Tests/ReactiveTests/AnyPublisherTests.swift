import Testing

@testable import Reactive

@Suite struct AnyPublisherTests {
  @Test func behavesLikeTheWrappedPublisher() {
    let subject = PassthroughSubject<Int, TestError>()
    let erased = subject.map { $0 * 10 }.eraseToAnyPublisher()
    let recorder = Recorder<Int, TestError>(request: .max(2))
    erased.subscribe(recorder)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(10), .value(20), .completion(.failure(.boom))])
  }

  @Test func eachSubscriberSubscribesToTheWrappedPublisher() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let erased = AnyPublisher(subject)
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    erased.subscribe(first)
    subject.send(2)
    erased.subscribe(second)
    #expect(first.events == [.subscription, .value(1), .value(2)])
    #expect(second.events == [.subscription, .value(2)])
  }

  @Test func erasingAnAnyPublisherDoesNotWrapItAgain() {
    let erased = Just(1).eraseToAnyPublisher()
    #expect(erased.eraseToAnyPublisher().box === erased.box)
    #expect(AnyPublisher(erased).box === erased.box)
  }

  // OpenCombine's AnyPublisherTests.testErasePublisher, at 1b8a26b.
  @Test func theWrappedPublisherIsGivenTheSubscriberItself() {
    let upstream = CapturingPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    upstream.eraseToAnyPublisher().subscribe(recorder)
    #expect((upstream.subscriber as AnyObject?) === recorder)
  }

  // OpenCombine's AnyPublisherTests.testDescription, at 1b8a26b.
  @Test func describesItselfAsAnyPublisherInAPlaygroundToo() {
    let erased = AnyPublisher(PassthroughSubject<Int, TestError>())
    #expect(erased.description == "AnyPublisher")
    #expect(erased.playgroundDescription as? String == "AnyPublisher")
  }

  // OpenCombine's AnyPublisherTests.testDoubleErasure, at 1b8a26b (its introspection events left out:
  // Reactive has no introspection).
  @Test func aPublisherErasedTwiceIsGivenTheSubscriberItself() {
    let upstream = CapturingPublisher<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    let erasedOnce = upstream.eraseToAnyPublisher()
    let erasedTwice = erasedOnce.eraseToAnyPublisher()
    #expect(erasedTwice.box === erasedOnce.box)
    erasedTwice.subscribe(recorder)
    #expect((upstream.subscriber as AnyObject?) === recorder)
  }
}
