import Dispatch
import Foundation
import Reactive
import Shop
import Testing

@testable import AppCore

/// The item list's background work on real threads: a runtime on its own queue, searches and builds on
/// the background runner, keys arriving while they run. Must pass under ThreadSanitizer.
@Suite struct ListConcurrencyTests {
  @Test func keysWhileSearchesRunInTheBackgroundEndOnTheAnswerForTheLastKey() throws {
    let catalog = ListTestSupport.randomCatalog(count: 5000, seed: 0x7EAD)
    let queue = DispatchQueue(label: "app")
    let runner = BackgroundListWorkRunner()
    let shell = RecordingShell()
    let runtime = queue.sync {
      AppRuntime(
        state: ListTestSupport.backgroundState(catalog: catalog), scheduler: queue.eraseToAnyScheduler(),
        clock: Date.init, saver: nil, shell: shell, listWork: runner)
    }
    var random = SplitMix64(seed: 0xAB)
    let keys: [Key] = FilterTests.typed.map { .character($0) } + [.backspace, .backspace]
    queue.sync { runtime.send(.input(.key(.character("/")))) }
    for step in 0..<300 {
      let key = step % 40 == 39 ? Key.escape : keys.randomElement(using: &random)!
      queue.sync {
        runtime.send(.input(.key(key)))
        if key == .escape { runtime.send(.input(.key(.character("/")))) }
      }
      if step % 60 == 0 {
        // Out of the filter to sort, then back in.
        queue.sync {
          for key in [Key.enter, .character("s"), .character("/")] { runtime.send(.input(.key(key))) }
        }
      }
    }
    // The runner is serial: once this runs, every search and build before it has finished and
    // scheduled its answer on the app's queue, which the next `sync` waits for.
    let done = DispatchSemaphore(value: 0)
    runner.run { done.signal() }
    #expect(done.wait(timeout: .now() + 30) == .success, "the background work finished")
    let state = queue.sync { runtime.state }
    #expect(state.list.pendingSearch == nil && state.list.pendingOrder == nil)
    #expect(state.list.order != .catalog, "sorted in the background meanwhile")
    FilterTests.expectShownIsTheReference(state)
  }

  @Test func partsBuiltFromSeveralThreadsAtOnceAreBuiltOnceForAll() {
    let catalog = ListTestSupport.randomCatalog(count: 3000, seed: 0x5)
    let index = ListIndex(items: catalog.items)
    let seen = LockedResults()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      let names = index.foldedNames()
      let order: ListOrder = thread % 2 == 0 ? .name : .price
      seen.add(ObjectIdentifier(names), index.permutation(order)!, order)
      _ = index.foldedNamesIfReady
    }
    #expect(seen.names.count == 1, "every thread got the same folded names")
    #expect(seen.orders[.name] == [ListTestSupport.referenceOrder(.name, of: catalog)])
    #expect(seen.orders[.price] == [ListTestSupport.referenceOrder(.price, of: catalog)])
  }

  /// What each thread got, kept under a lock.
  final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var names: Set<ObjectIdentifier> = []
    private(set) var orders: [ListOrder: Set<[Int32]>] = [:]

    func add(_ name: ObjectIdentifier, _ order: [Int32], _ kind: ListOrder) {
      lock.withLock {
        names.insert(name)
        orders[kind, default: []].insert(order)
      }
    }
  }
}
