import Reactive
import Testing

/// `print(_:to:)`, as OpenCombine's PrintTests show Combine's: a line per event in Combine's words,
/// after the prefix and `": "`; a demand a value returns is marked `(synchronous)`; everything passes
/// on, even after a completion, and requests and cancels are written even after a cancel, which alone
/// reaches the upstream.
@Suite struct PrintTests {
  /// Collects what is written, for the whole output to be compared at once.
  final class Lines: TextOutputStream, @unchecked Sendable {
    private let written = Locked("")

    var text: String { written.value }

    func write(_ string: String) {
      written.withLock { $0 += string }
    }
  }

  @Test func writesALinePerEventAfterThePrefix() {
    let lines = Lines()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder<Int, TestError>(request: .max(2))
    subject.print("cart", to: lines).subscribe(recorder)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.boom))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.boom))])
    #expect(
      lines.text == """
        cart: receive subscription: (PassthroughSubject)
        cart: request max: (2)
        cart: receive value: (1)
        cart: receive value: (2)
        cart: receive error: (boom)

        """)
  }

  /// Each line reaches the stream as `Swift.print` writes an item: an empty separator, the text, then
  /// the newline, three writes (OpenCombine's testPrintWithoutPrefix and testPrintWithPrefix at
  /// 1b8a26b): a stream that handles each write on its own sees what it sees with Combine.
  @Test func eachLineIsThreeWritesAsSwiftsPrintMakesThem() {
    final class Writes: TextOutputStream, @unchecked Sendable {
      let calls = Locked<[String]>([])
      func write(_ string: String) { calls.append(string) }
    }
    let writes = Writes()
    Just(5).print("cart", to: writes).subscribe(Recorder<Int, Never>())
    #expect(
      writes.calls.value == [
        "", "cart: receive subscription: (Just)", "\n", "", "cart: request unlimited", "\n", "",
        "cart: receive value: (5)", "\n", "", "cart: receive finished", "\n",
      ])
  }

  @Test func withoutAPrefixTheLinesStartWithTheEvent() {
    let lines = Lines()
    let recorder = Recorder<Int, Never>(extra: .max(1))
    Just(5).print(to: lines).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(5), .completion(.finished)])
    #expect(
      lines.text == """
        receive subscription: (Just)
        request unlimited
        receive value: (5)
        request max: (1) (synchronous)
        receive finished

        """)
  }

  @Test func everythingPassesOnAndIsWrittenButOnlyTheFirstCancelReachesTheUpstream() {
    let lines = Lines()
    let upstream = ManualPublisher<Int, TestError>()
    let events = Locked<[Event<Int, TestError>]>([])
    let held = Locked<(any Subscription)?>(nil)
    upstream.print(to: lines).subscribe(
      AnySubscriber(
        receiveSubscription: { subscription in
          events.append(.subscription)
          held.withLock { $0 = subscription }
          subscription.request(.unlimited)
          subscription.request(.max(30))
          subscription.cancel()
        },
        receiveValue: { value in
          events.append(.value(value))
          return value == 10 ? .unlimited : .max(2)
        },
        receiveCompletion: { events.append(.completion($0)) }))
    #expect(upstream.send(1) == .max(2))
    held.value?.request(.max(42))
    upstream.send(completion: .finished)
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(10) == .unlimited)
    held.value?.cancel()
    #expect(
      events.value == [
        .subscription, .value(1), .completion(.finished), .completion(.failure(.boom)), .value(10),
      ])
    #expect(upstream.subscription.calls == [.request(.unlimited), .request(.max(30)), .cancel])
    #expect(
      lines.text == """
        receive subscription: (\(upstream.subscription))
        request unlimited
        request max: (30)
        receive cancel
        receive value: (1)
        request max: (2) (synchronous)
        request max: (42)
        receive finished
        receive error: (boom)
        receive value: (10)
        request unlimited (synchronous)
        receive cancel

        """)
  }

  @Test func theDownstreamGetsThePrinterAsItsSubscription() {
    let described = Locked<String>("")
    Just(1).print(to: Lines()).subscribe(
      AnySubscriber(receiveSubscription: { subscription in
        described.withLock { $0 = String(describing: subscription) }
      }))
    #expect(described.value == "Print")
  }

  @Test func withoutAStreamTheLinesGoToStandardOutput() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      _ = Just(3).print("badge").sink { _ in }
    }
    #expect(
      String(decoding: result?.standardOutputContent ?? [], as: UTF8.self) == """
        badge: receive subscription: (Just)
        badge: request unlimited
        badge: receive value: (3)
        badge: receive finished

        """)
  }

  /// What the upstream's subscription and the downstream do is written among the lines, in the order
  /// it happens: a request made from inside a value's or a completion's delivery is written before the
  /// demand the value returns, and a cancel after the cancel, and a request after both, are written
  /// though neither reaches the upstream (OpenCombine's PrintTests.testPrintWithoutPrefix and
  /// testPrintWithPrefix, at 1b8a26b).
  @Test func theLinesInterleaveWithWhatTheUpstreamAndTheDownstreamDo() {
    final class Noting: Subscription, CustomStringConvertible, @unchecked Sendable {
      let lines: Lines
      let calls = Locked<[RecordingSubscription.Call]>([])
      init(_ lines: Lines) { self.lines = lines }
      var description: String { "Noting" }
      func request(_ demand: Subscribers.Demand) {
        calls.append(.request(demand))
        lines.write("upstream asked\n")
      }
      func cancel() {
        calls.append(.cancel)
        lines.write("upstream cancelled\n")
      }
    }
    let lines = Lines()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let held = Locked<(any Subscription)?>(nil)
    upstream.print("👉", to: lines).subscribe(
      AnySubscriber(
        receiveSubscription: { subscription in
          lines.write("downstream subscribed\n")
          subscription.request(.unlimited)
          subscription.request(.max(30))
          subscription.cancel()
          held.withLock { $0 = subscription }
        },
        receiveValue: { value in
          lines.write("downstream got a value\n")
          held.value?.request(.max(100))
          return value == 10 ? .unlimited : .max(2)
        },
        receiveCompletion: { _ in
          lines.write("downstream completed\n")
          held.value?.request(.max(12))
        }))
    let subscription = Noting(lines)
    upstream.subscriber?.receive(subscription: subscription)
    #expect(upstream.send(1) == .max(2))
    upstream.send(completion: .failure(.boom))
    #expect(upstream.send(10) == .unlimited)
    held.value?.cancel()
    held.value?.cancel()
    held.value?.request(.max(1))
    #expect(subscription.calls.value == [.request(.unlimited), .request(.max(30)), .cancel])
    #expect(
      lines.text == """
        👉: receive subscription: (Noting)
        downstream subscribed
        👉: request unlimited
        upstream asked
        👉: request max: (30)
        upstream asked
        👉: receive cancel
        upstream cancelled
        👉: receive value: (1)
        downstream got a value
        👉: request max: (100)
        👉: request max: (2) (synchronous)
        👉: receive error: (boom)
        downstream completed
        👉: request max: (12)
        👉: receive value: (10)
        downstream got a value
        👉: request max: (100)
        👉: request unlimited (synchronous)
        👉: receive cancel
        👉: receive cancel
        👉: request max: (1)

        """)
  }

  /// Every subscription that arrives is written, the ones cancelled too: a second one, the first sent
  /// again, and one after the downstream's cancel (OpenCombine's PrintTests.testReceiveSubscriptionTwice,
  /// at 1b8a26b; ReceiveSubscriptionTwiceTableTests checks the cancels).
  @Test func everySubscriptionThatArrivesIsWritten() {
    let lines = Lines()
    let upstream = HandDrivenPublisher<Int, TestError>()
    let probe = SubscriptionProbe<Int, TestError>()
    upstream.print(to: lines).subscribe(probe)
    let first = upstream.giveSubscription()
    let second = HandDrivenSubscription()
    upstream.subscriber?.receive(subscription: second)
    upstream.subscriber?.receive(subscription: first)
    probe.subscription?.cancel()
    let third = HandDrivenSubscription()
    upstream.subscriber?.receive(subscription: third)
    #expect(first.calls == [.cancel, .cancel])
    #expect(second.calls == [.cancel] && third.calls == [.cancel])
    #expect(
      lines.text == """
        receive subscription: (HandDriven)
        receive subscription: (HandDriven)
        receive subscription: (HandDriven)
        receive cancel
        receive subscription: (HandDriven)

        """)
  }

  /// OpenCombine's PrintTests.testPrintReflection, at 1b8a26b.
  @Test func itsSubscriptionIsPrintInAPlaygroundTooWithNoChildren() {
    let reflected = reflection(of: Just(1).print(to: Lines()))
    #expect(reflected.description == "Print")
    #expect(reflected.playground == "Print")
    #expect(reflected.children.isEmpty)
  }
}
