/// An event queued for a subscriber whose delivery token another thread held when it was sent.
@usableFromInline
enum ConduitEvent<Output, Failure: Error> {
  case value(Output)
  case completion(Subscribers.Completion<Failure>)
}
