import Testing

extension Tag {
  /// A test that lets real time pass (a dispatch queue's timer, another process, a real-clock
  /// script): few, with bounds wide enough for ThreadSanitizer on a loaded machine.
  @Tag static var realClock: Self
}
