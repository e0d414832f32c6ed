import Foundation
import Reactive
import Testing

/// A `Published` held as a constant, not as a wrapper.
private final class ConstantPublished: ObservableObject {
  let held = Published(initialValue: 42)
}

/// A base with a wrapped `@Published`, a `Published` stored as a plain variable and one as a constant.
private class PlainAndWrapped: ObservableObject {
  @Published var wrapped = 0
  var plainPublished = Published(initialValue: "Hello!")
  let constantPublished = Published(initialValue: 42)
  var simple = "what"
}

private final class MoreWrapped: PlainAndWrapped {
  @Published var first = 0
  @Published var second = 1
  @Published var third = 2
}

private final class FromNSObject: NSObject, ObservableObject {
  @Published var value = 10
  @Published var small: UInt8 = 42
}

/// A subclass of a class from another module, whose layout this module does not know.
private class FromDecoder: JSONDecoder, ObservableObject, @unchecked Sendable {
  @Published var number = 10
  @Published var text = "hello!"
}

private final class FromFromDecoder: FromDecoder, @unchecked Sendable {
  @Published var flag = true
}

private final class Pair<First, Second>: ObservableObject {
  @Published var first: First
  @Published var second: Second

  init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }
}

private class DecoderPair<First, Second>: JSONDecoder, ObservableObject, @unchecked Sendable {
  @Published var first: First
  @Published var second: Second

  init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
    super.init()
  }
}

private final class DecoderTriple<First, Second>: DecoderPair<First, Second>, @unchecked Sendable {
  @Published var third = false
}

/// A class that is no observable object, with `@Published` properties its observable subclass
/// announces.
private class NotObserved {
  @Published var count = 10
  @Published var ratio = Double.pi
}

private final class ObservedSubclass: NotObserved, ObservableObject {
  @Published var text = "first"
  @Published var byte: UInt8 = 255
}

/// `objectWillChange` of classes of every shape Combine's tests try: `Published` stored without the
/// wrapper, Foundation base classes, generic classes, a base that is no observable object.
@Suite struct ObservableObjectClassTests {
  // OpenCombine's ObservableObjectTests.testPublishedFieldIsConstant, at 0239e54.
  @Test func aPublishedHeldAsAConstantStillGivesOnePublisher() {
    let object = ConstantPublished()
    #expect(object.objectWillChange === object.objectWillChange)
  }

  // OpenCombine's ObservableObjectTests.testDerivedClassWithPublishedField, at 0239e54: a `Published`
  // stored as a plain variable is written through the enclosing-instance subscript, which reads and
  // writes the storage, not the wrapped key path, and announces the change too.
  @Test func firesForEveryPublishedOfTheClassAndItsBaseHoweverItIsStored() {
    let object = MoreWrapped()
    let count = Locked(0)
    let cancellable = object.objectWillChange.sink { count.withLock { $0 += 1 } }
    #expect([object.wrapped, object.first, object.second, object.third] as [Int] == [0, 0, 1, 2])
    object.wrapped += 5
    #expect(count.value == 1)
    #expect(object.wrapped == 5)
    Published<String>[_enclosingInstance: object, wrapped: \.simple, storage: \.plainPublished] += "???"
    #expect(count.value == 2)
    #expect(object.simple == "what")
    #expect(
      Published<String>[_enclosingInstance: object, wrapped: \.simple, storage: \.plainPublished]
        == "Hello!???")
    object.first += 3
    object.second += 3
    object.third += 3
    #expect(count.value == 5)
    #expect([object.first, object.second, object.third] as [Int] == [3, 4, 5])
    cancellable.cancel()
  }

  // OpenCombine's ObservableObjectTests testObjCClassSubclass, testResilientClassSubclass and
  // testResilientClassSubclass2, at 0239e54.
  @Test func isTheSamePublisherForSubclassesOfFoundationClasses() {
    let fromNSObject = FromNSObject()
    let fromDecoder = FromDecoder()
    let fromFromDecoder = FromFromDecoder()
    #expect(fromNSObject.objectWillChange === fromNSObject.objectWillChange)
    #expect(fromDecoder.objectWillChange === fromDecoder.objectWillChange)
    #expect(fromFromDecoder.objectWillChange === fromFromDecoder.objectWillChange)
  }

  // OpenCombine's ObservableObjectTests testGenericClass, testGenericSubclassOfResilientClass and
  // testGenericSubclassOfResilientClass2, at 0239e54.
  @Test func firesForPublishedPropertiesOfGenericClasses() {
    let pair = Pair(123, true)
    let decoderTriple = DecoderTriple("hello", true)
    let count = Locked(0)
    let cancellables = [
      pair.objectWillChange.sink { count.withLock { $0 += 1 } },
      decoderTriple.objectWillChange.sink { count.withLock { $0 += 10 } },
    ]
    #expect(count.value == 0)
    pair.first += 1
    pair.second.toggle()
    #expect(count.value == 2)
    #expect(pair.first == 124 && pair.second == false)
    decoderTriple.first += "!"
    decoderTriple.second.toggle()
    decoderTriple.third.toggle()
    #expect(count.value == 32)
    #expect(decoderTriple.first == "hello!" && !decoderTriple.second && decoderTriple.third)
    for cancellable in cancellables { cancellable.cancel() }
  }

  // OpenCombine's ObservableObjectTests testObservableDerivedWithNonObservableBase and
  // testNSObjectSubclass, at 0239e54.
  @Test func firesForPublishedPropertiesOfABaseThatIsNoObservableObjectAndOfNSObjectSubclasses() {
    let object = ObservedSubclass()
    let fromNSObject = FromNSObject()
    let count = Locked(0)
    let cancellables = [
      object.objectWillChange.sink { count.withLock { $0 += 1 } },
      fromNSObject.objectWillChange.sink { count.withLock { $0 += 10 } },
    ]
    object.count -= 1
    object.ratio *= 2
    object.text = "second"
    object.byte &+= 1
    #expect(count.value == 4)
    #expect(object.count == 9 && object.ratio == 2 * .pi && object.text == "second" && object.byte == 0)
    fromNSObject.value += 1
    fromNSObject.small += 1
    #expect(count.value == 24)
    #expect(fromNSObject.value == 11 && fromNSObject.small == 43)
    for cancellable in cancellables { cancellable.cancel() }
  }
}
