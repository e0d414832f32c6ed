import Foundation
import Shop

/// The status lines so far, oldest first, at most ``capacity`` of them.
public struct MessageLog: Equatable, Sendable {
  /// How many messages are kept.
  public static let capacity = 200
  /// The messages, oldest first.
  public private(set) var entries: [LoggedMessage] = []

  /// An empty log.
  public init() {}

  /// How many messages have ever been kept, those forgotten included: what tells whether something
  /// said anything.
  public private(set) var appendedCount = 0

  /// Keeps `message`, forgetting the oldest beyond the capacity.
  mutating func append(_ message: LoggedMessage) {
    entries.append(message)
    appendedCount += 1
    if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
  }

  /// Takes back the newest message, to be said again in other words.
  mutating func removeNewest() {
    guard !entries.isEmpty else { return }
    entries.removeLast()
    appendedCount -= 1
  }
}
