import Dispatch

/// Runs list work on one serial queue of its own, so that a cancelled search ends before the next
/// begins and two builds of the same part never race.
public final class BackgroundListWorkRunner: ListWorkRunner {
  private let queue = DispatchQueue(label: "shop.list-work", qos: .userInitiated)

  /// A runner with its own queue.
  public init() {}

  /// Runs `work` on the queue.
  public func run(_ work: @escaping @Sendable () -> Void) {
    queue.async(execute: work)
  }
}
