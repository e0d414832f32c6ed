/// What an ending conduit lets go of, taken under the registry's lock and released outside it:
/// releasing a subscriber or a subject may run any code, which may use the subject again.
@usableFromInline
struct ConduitEnding: ~Copyable {
  /// The subscriber list's reference to the conduit; released last, as it may free the conduit.
  @usableFromInline let listReference: Unmanaged<ConduitBase>
  @usableFromInline let subscriber: Unmanaged<AnyObject>?
  @usableFromInline let parent: AnyObject?
  @usableFromInline let mailbox: AnyObject?

  @inlinable
  init(
    listReference: Unmanaged<ConduitBase>, subscriber: Unmanaged<AnyObject>?, parent: AnyObject?,
    mailbox: AnyObject?
  ) {
    self.listReference = listReference
    self.subscriber = subscriber
    self.parent = parent
    self.mailbox = mailbox
  }

  /// Releases the subscriber and the conduit; the subject and the mailbox go with this value.
  @usableFromInline
  consuming func release() {
    subscriber?.release()
    listReference.release()
  }
}
