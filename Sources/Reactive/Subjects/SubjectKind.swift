/// Which publisher a ``SubjectRegistry`` serves. It names the subscriptions, as Combine's do, and
/// decides how they count demand and whether they replay.
@usableFromInline
enum SubjectKind: Sendable {
  /// A ``PassthroughSubject``: delivers only while a subscriber has demand; requests from its
  /// upstreams once a subscriber first demands.
  case passthrough
  /// A ``CurrentValueSubject``: also keeps, per subscriber, the latest value it could not take yet,
  /// and requests from its upstreams at once.
  case currentValue
  /// The subject behind a ``Published`` property's publisher: a current-value subject whose
  /// subscriptions call themselves as Combine's do.
  case published
  /// An ``ObservableObjectPublisher``: once a subscriber has requested anything, it gets every
  /// change.
  case observableObject

  /// What a subscription of this kind calls itself.
  var name: String {
    switch self {
    case .passthrough: "PassthroughSubject"
    case .currentValue: "CurrentValueSubject"
    case .published: "PublishedSubject"
    case .observableObject: "ObservableObjectPublisher"
    }
  }
}
