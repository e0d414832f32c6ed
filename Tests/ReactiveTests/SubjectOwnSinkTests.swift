import Dispatch
import Reactive
import Testing

/// A subject's own `sink` (no `Subscribers.Sink` between it and the subject) behaves as the sink any
/// publisher has: each test runs both, the subject's called on its concrete type and the general one
/// reached through a generic function.
@Suite struct SubjectOwnSinkTests {
  enum Path: CaseIterable, CustomStringConvertible {
    /// `subject.sink`, on the subject's own type.
    case subjectsOwn
    /// `Publisher.sink`, through a generic function: a `Subscribers.Sink`.
    case generalSink

    var description: String { self == .subjectsOwn ? "the subject's own sink" : "a Subscribers.Sink" }
  }

  private final class Model: ObservableObject, @unchecked Sendable {
    @Published var count = 0
  }

  private static func generalSink<P: Publisher>(
    _ publisher: P, receiveCompletion: @escaping (Subscribers.Completion<P.Failure>) -> Void,
    receiveValue: @escaping (P.Output) -> Void
  ) -> AnyCancellable {
    publisher.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
  }

  private static func generalSink<P: Publisher>(
    _ publisher: P, receiveValue: @escaping (P.Output) -> Void
  ) -> AnyCancellable where P.Failure == Never {
    publisher.sink(receiveValue: receiveValue)
  }

  private static func sink(
    _ subject: PassthroughSubject<Int, TestError>, _ path: Path, _ log: Locked<[String]>
  ) -> AnyCancellable {
    let completion = { (completion: Subscribers.Completion<TestError>) in log.append("\(completion)") }
    let value = { (value: Int) in log.append("\(value)") }
    switch path {
    case .subjectsOwn: return subject.sink(receiveCompletion: completion, receiveValue: value)
    case .generalSink: return generalSink(subject, receiveCompletion: completion, receiveValue: value)
    }
  }

  @Test(arguments: Path.allCases)
  private func aPassthroughSubjectsSinkGetsEachValueThenTheCompletionOnce(path: Path) {
    let subject = PassthroughSubject<Int, TestError>()
    let log = Locked<[String]>([])
    let cancellable = Self.sink(subject, path, log)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.boom))
    subject.send(3)
    subject.send(completion: .finished)
    #expect(log.value == ["1", "2", "failure(ReactiveTests.TestError.boom)"])
    _ = cancellable
  }

  @Test(arguments: Path.allCases)
  private func aSinkAttachedAfterTheCompletionGetsTheCompletionAtOnce(path: Path) {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(completion: .finished)
    let log = Locked<[String]>([])
    let cancellable = Self.sink(subject, path, log)
    subject.send(1)
    cancellable.cancel()
    #expect(log.value == ["finished"])
  }

  @Test(arguments: Path.allCases)
  private func aCurrentValueSubjectsSinkGetsTheCurrentValueFirst(path: Path) {
    let subject = CurrentValueSubject<Int, Never>(7)
    let log = Locked<[Int]>([])
    let cancellable =
      path == .subjectsOwn
      ? subject.sink { log.append($0) } : Self.generalSink(subject) { log.append($0) }
    subject.send(8)
    subject.value = 9
    cancellable.cancel()
    subject.send(10)
    #expect(log.value == [7, 8, 9])
  }

  @Test(arguments: Path.allCases)
  private func aPublishedPropertysSinkAndItsObjectsWillChangeSinkSeeEachSet(path: Path) {
    let model = Model()
    let log = Locked<[String]>([])
    let cancellables =
      path == .subjectsOwn
      ? [
        model.$count.sink { log.append("value \($0)") },
        model.objectWillChange.sink { log.append("will change") },
      ]
      : [
        Self.generalSink(model.$count) { log.append("value \($0)") },
        Self.generalSink(model.objectWillChange) { log.append("will change") },
      ]
    model.count = 1
    #expect(log.value == ["value 0", "will change", "value 1"])
    _ = cancellables
  }

  @Test(arguments: Path.allCases)
  private func aSinkAsksThePassthroughSubjectsUpstreamForEveryValue(path: Path) {
    let subject = PassthroughSubject<Int, TestError>()
    let upstream = HandDrivenSubscription()
    subject.send(subscription: upstream)
    #expect(upstream.calls == [])
    let cancellable = Self.sink(subject, path, Locked([]))
    #expect(upstream.calls == [.request(.unlimited)])
    _ = cancellable
  }

  @Test(arguments: Path.allCases)
  private func aValueSentFromInsideTheClosureIsDeliveredAtOnceAndACancelThereStopsTheRest(
    path: Path
  ) {
    let subject = PassthroughSubject<Int, Never>()
    let log = Locked<[String]>([])
    let holder = Locked<AnyCancellable?>(nil)
    let body = { (value: Int) in
      log.append("begin \(value)")
      if value == 1 { subject.send(2) }
      if value == 2 { holder.value?.cancel() }
      log.append("end \(value)")
    }
    holder.withLock {
      $0 =
        path == .subjectsOwn
        ? subject.sink(receiveValue: body) : Self.generalSink(subject, receiveValue: body)
    }
    subject.send(1)
    subject.send(3)
    #expect(log.value == ["begin 1", "begin 2", "end 2", "end 1"])
  }

  @Test(arguments: Path.allCases)
  private func theClosuresAreLetGoWhenTheSubjectFinishesThoughTheCancellableIsHeld(path: Path) {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakCaptured: Tracked?
    let cancellable: AnyCancellable
    do {
      let captured = Tracked()
      weakCaptured = captured
      let body = { (_: Int) in _ = captured }
      cancellable =
        path == .subjectsOwn
        ? subject.sink(receiveValue: body) : Self.generalSink(subject, receiveValue: body)
    }
    subject.send(1)
    #expect(weakCaptured != nil)
    subject.send(completion: .finished)
    #expect(weakCaptured == nil)
    _ = cancellable
  }

  @Test(arguments: Path.allCases)
  private func aCancelOnAnotherThreadReturnsOnlyOnceTheCallUnderWayHasReturned(path: Path) {
    let subject = PassthroughSubject<Int, Never>()
    let inSink = DispatchSemaphore(value: 0)
    let cancelReturned = DispatchSemaphore(value: 0)
    let cancelReturnedDuringTheCall = AtomicFlag()
    let body = { (value: Int) in
      inSink.signal()
      // Had cancel() returned while this call is under way, this would see it. It waits a bounded
      // time, which passes in full only when the test passes.
      if cancelReturned.wait(timeout: .now() + 0.5) == .success { cancelReturnedDuringTheCall.set() }
    }
    let cancellable =
      path == .subjectsOwn
      ? subject.sink(receiveValue: body) : Self.generalSink(subject, receiveValue: body)
    let finished = allCompleteInTime(
      seconds: 10,
      [
        { subject.send(1) },
        {
          inSink.wait()
          cancellable.cancel()
          cancelReturned.signal()
        },
      ])
    #expect(finished)
    #expect(!cancelReturnedDuringTheCall.isSet)
  }
}
