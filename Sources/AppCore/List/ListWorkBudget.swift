/// How much of the item list's work `update` may do on the main queue; more goes to a background
/// queue, so that no key waits for it.
struct ListWorkBudget: Equatable, Sendable {
  /// Most bytes of folded names a search may read on the main queue (about 1 ms a megabyte).
  var searchBytes: Int
  /// Most names that may be folded, or items ordered, on the main queue when first needed.
  var buildItems: Int

  /// The app's: a search of a few megabytes, a build of a few thousand items.
  static let standard = ListWorkBudget(searchBytes: 4 << 20, buildItems: 20_000)
  /// Nothing on the main queue: every search and build in the background, for tests of that path.
  static let nothing = ListWorkBudget(searchBytes: 0, buildItems: 0)
}
