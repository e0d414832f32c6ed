import Dispatch

/// Where the item list's long work runs: a serial background queue in the app, by hand in tests.
public protocol ListWorkRunner: AnyObject, Sendable {
  /// Runs `work` later, off the caller's thread, one piece at a time in the order given.
  func run(_ work: @escaping @Sendable () -> Void)
}
