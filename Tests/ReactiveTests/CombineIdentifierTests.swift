import Reactive
import Testing

@Suite struct CombineIdentifierTests {
  @Test func identifiersMadeAfreshDiffer() {
    #expect(CombineIdentifier() != CombineIdentifier())
  }

  // Combine's identifier of an object is the object's address, shown in hexadecimal (OpenCombine's
  // CombineIdentifierTests.testAnyObject).
  @Test func anObjectsIdentifierIsItsAddress() {
    final class Object {}
    let first = Object()
    let second = Object()
    #expect(CombineIdentifier(first) == CombineIdentifier(first))
    #expect(CombineIdentifier(first) != CombineIdentifier(second))
    #expect(
      CombineIdentifier(first).description
        == "0x\(String(UInt(bitPattern: ObjectIdentifier(first)), radix: 16))")
  }

  // OpenCombine's CombineIdentifierTests.testUsesUInt64UnderTheHood, at 3e0132f (the version stored;
  // 1b8a26b is not).
  @Test func itsMirrorShowsOneUInt64RawValue() {
    let mirror = Mirror(reflecting: CombineIdentifier())
    #expect(mirror.children.count == 1)
    #expect(mirror.descendant("rawValue") is UInt64)
  }
}
