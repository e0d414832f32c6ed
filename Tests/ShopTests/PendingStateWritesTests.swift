import Foundation
import Testing

@testable import Shop

/// The store's write bookkeeping, as a state machine: which snapshot is written, and who is told.
@Suite struct PendingStateWritesTests {
  private func state(bags: Int) -> ShopState {
    ShopState(basket: Basket(lines: [.paperBag(quantity: bags)]))
  }

  /// Completions that record their label and outcome into a shared list.
  private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var all: [String] { lock.withLock { stored } }
    func completion(_ label: String) -> PendingStateWrites.Completion {
      { result in
        let outcome = (try? result.get()) != nil ? "ok" : "failed"
        self.lock.withLock { self.stored.append("\(label) \(outcome)") }
      }
    }
  }

  @Test func onlyTheFirstSaveStartsAWriterAndTheLatestSnapshotIsWrittenForAll() {
    var pending = PendingStateWrites()
    let told = Told()
    let starts = [
      pending.save(state(bags: 1), completion: told.completion("a")),
      pending.save(state(bags: 2), completion: told.completion("b")),
      pending.save(state(bags: 3), completion: nil),
    ]
    #expect(starts == [true, false, false])
    let write = pending.nextWrite()
    #expect(write?.state == state(bags: 3))
    #expect(write?.completions.count == 2)
    for completion in write?.completions ?? [] { completion(.success(())) }
    #expect(told.all == ["a ok", "b ok"])
    let afterLast = pending.nextWrite()
    #expect(afterLast == nil)
    #expect(!pending.isWriting)
    let restarts = pending.save(state(bags: 4), completion: nil)
    #expect(restarts)
  }

  @Test func anImmediateWriteOvertakesEarlierSnapshotsAndAnswersTheirSavers() {
    var pending = PendingStateWrites()
    let told = Told()
    _ = pending.save(state(bags: 1), completion: told.completion("early"))
    let immediate = pending.immediateWrite(of: state(bags: 9))
    #expect(immediate.state == state(bags: 9))
    for completion in immediate.completions { completion(.success(())) }
    #expect(told.all == ["early ok"])
    let next = pending.nextWrite()
    #expect(next == nil)
  }

  @Test func theLastFailureIsKeptUntilASuccessOrUntilTold() throws {
    var pending = PendingStateWrites()
    let failure = StateFileError.writeFailed(path: "s.json", reason: "disk full")
    _ = pending.save(state(bags: 1), completion: nil)
    let firstWrite = pending.nextWrite()
    let first = try #require(firstWrite)
    #expect(pending.shouldPerform(first))
    pending.finished(first, with: .failure(failure))
    #expect(pending.lastFailure == failure)
    _ = pending.save(state(bags: 2), completion: nil)
    let secondWrite = pending.nextWrite()
    let second = try #require(secondWrite)
    pending.finished(second, with: .success(()))
    let afterSuccess = pending.takeLastFailure()
    #expect(afterSuccess == nil)
    pending.finished(second, with: .failure(failure))
    let told = [pending.takeLastFailure(), pending.takeLastFailure()]
    #expect(told == [failure, nil])
  }

  @Test func aSnapshotOlderThanOneOnDiskIsNotWritten() throws {
    var pending = PendingStateWrites()
    _ = pending.save(state(bags: 1), completion: nil)
    let olderWrite = pending.nextWrite()
    let older = try #require(olderWrite)
    let newer = pending.immediateWrite(of: state(bags: 2))
    pending.finished(newer, with: .success(()))
    #expect(!pending.shouldPerform(older))
  }
}
