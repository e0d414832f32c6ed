import Dispatch
import Reactive
import Testing

/// Cancels racing deliveries on real threads: an operator that sees the cancel must let go of its
/// downstream and closures whether or not a delivery is under way (unless it keeps them, as Combine's
/// receive(on:), removeDuplicates and debounce do), and never touch them afterwards (ThreadSanitizer
/// flags it if it does).
@Suite struct OperatorConcurrencyTests {
  static let rounds = 100
  static let sendsPerRound = 200

  @Test(arguments: OperatorCase.all.filter { !$0.isStateless })
  func aCancelRacingDeliveriesLetsGoOfEverythingOnce(_ operatorCase: OperatorCase) {
    for _ in 0..<Self.rounds {
      weak var weakKeeper: SubscriptionKeeper<Int, TestError>?
      weak var weakToken: Token?
      do {
        // The upstream keeps the operator's subscriber, so only the operator can let go.
        let upstream = HandDrivenPublisher<Int, TestError>()
        let subscription: (any Subscription)? = {
          let token = Token()
          let keeper = SubscriptionKeeper<Int, TestError>()
          weakToken = token
          weakKeeper = keeper
          operatorCase.apply(upstream.eraseToAnyPublisher(), token).subscribe(keeper)
          upstream.giveSubscription()
          return keeper.subscription
        }()
        let shared = SharedForTest((upstream, subscription))
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
          // Only reads the upstream's subscriber list, which nothing changes any more.
          for value in 0..<Self.sendsPerRound { shared.value.0.send(value) }
        }
        DispatchQueue.global().async(group: group) {
          shared.value.1?.cancel()
        }
        #expect(group.wait(timeout: .now() + 5) == .success)
        // One that keeps its downstream, as Combine's receive(on:), removeDuplicates and debounce do,
        // stays in a cycle with this keeper, which holds its subscription: as in Combine, only the
        // subscriber can break it. The race is still checked (ThreadSanitizer).
        if !operatorCase.keepsItsDownstream {
          #expect(weakKeeper == nil)
          #expect(weakToken == nil)
        }
      }
    }
  }
}

/// Hands values that are only read, never changed, to other threads.
private struct SharedForTest<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
