/// How an operator's subscriber or subscription describes itself, as Combine's do: `description` and
/// `playgroundDescription` are the operator's name ("Map", "Debounce"), and the mirror has the children
/// Combine's mirror has, none unless the operator says otherwise.
///
/// Every operator follows one pattern: its inner class conforms to `CombineReflecting`, names itself
/// in ``combineName``, and, only where Combine's mirror has children, lists them in
/// ``reflectedChildren`` (read under whatever lock guards them; a released downstream is left out).
@usableFromInline
protocol CombineReflecting: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The name Combine gives this operator's subscription or subscriber.
  var combineName: String { get }
  /// The mirror's children, in Combine's order, with Combine's labels.
  var reflectedChildren: [Mirror.Child] { get }
}

extension CombineReflecting {
  /// None, unless the operator lists some.
  @usableFromInline var reflectedChildren: [Mirror.Child] { [] }

  /// The operator's name.
  @usableFromInline var description: String { combineName }

  /// The operator's name, as in Combine.
  @usableFromInline var playgroundDescription: Any { combineName }

  /// A mirror of ``reflectedChildren``.
  @usableFromInline var customMirror: Mirror { Mirror(self, children: reflectedChildren) }
}
