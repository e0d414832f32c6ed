import Reactive
import Testing

/// A request for zero values breaks the subscription contract; where Combine traps on it, so does
/// Reactive, with a message (OpenCombine's testCrashesOnZeroDemand of JustTests, DropTests,
/// OptionalPublisherTests, ResultPublisherTests, FutureTests and CollectByCountTests).
@Suite struct ZeroRequestTests {
  @Test func justTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let probe = SubscriptionProbe<Int, Never>()
      Just(42).subscribe(probe)
      probe.subscription?.request(.none)
    }
    #expect(standardError(result).contains(zeroRequestMessage))
  }

  @Test func dropFirstTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let probe = SubscriptionProbe<Int, TestError>()
      ManualPublisher<Int, TestError>().dropFirst().subscribe(probe)
      probe.subscription?.request(.none)
    }
    #expect(standardError(result).contains(zeroRequestMessage))
  }

  @Test func optionalPublisherTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let probe = SubscriptionProbe<Int, Never>()
      Optional(42).publisher.subscribe(probe)
      probe.subscription?.request(.none)
    }
    #expect(standardError(result).contains(zeroRequestMessage))
  }

  @Test func resultPublisherTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let probe = SubscriptionProbe<Int, TestError>()
      Result<Int, TestError>.success(42).publisher.subscribe(probe)
      probe.subscription?.request(.none)
    }
    #expect(standardError(result).contains(zeroRequestMessage))
  }

  @Test func futureTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let probe = SubscriptionProbe<Int, Never>()
      Future<Int, Never> { _ in }.subscribe(probe)
      probe.subscription?.request(.none)
    }
    #expect(standardError(result).contains(zeroRequestMessage))
  }

  @Test func collectByCountTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let probe = SubscriptionProbe<[Int], TestError>()
      ManualPublisher<Int, TestError>().collect(4).subscribe(probe)
      probe.subscription?.request(.none)
    }
    #expect(standardError(result).contains(zeroRequestMessage))
  }

  // OpenCombine's DropTests.testDropNegativeNumberOfItemsCrash.
  @Test func dropFirstOfANegativeCountTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      ManualPublisher<Int, TestError>().dropFirst(-1).subscribe(SubscriptionProbe<Int, TestError>())
    }
    #expect(standardError(result).contains("dropFirst needs a count of zero or more"))
  }
}

/// The message a zero request traps with.
private let zeroRequestMessage = "a subscriber must request at least one value"

/// What an exit test's process wrote to its standard error, as text.
private func standardError(_ result: ExitTest.Result?) -> String {
  String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}
