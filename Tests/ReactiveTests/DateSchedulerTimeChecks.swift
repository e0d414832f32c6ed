import Foundation
import Reactive
import Testing

/// A scheduler whose time is a `Date` and whose stride counts seconds, as Combine's `RunLoop` and
/// `OperationQueue` schedulers are: what ``DateSchedulerTimeChecks`` needs to check either.
protocol DateBackedScheduler: Scheduler
where SchedulerTimeType: DateBackedTime, SchedulerTimeType.Stride: SecondsStride {}

/// A scheduler time that wraps a `Date`.
protocol DateBackedTime: Strideable, Codable, Hashable {
  init(_ date: Date)
  var date: Date { get }
}

/// A stride that counts seconds as a `TimeInterval`.
protocol SecondsStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
  ExpressibleByFloatLiteral,
  Codable
where Magnitude == TimeInterval {
  init(_ timeInterval: TimeInterval)
  var timeInterval: TimeInterval { get }
}

/// The arithmetic and coding of a Date-based scheduler time and its stride, with the figures Combine
/// gives (OpenCombine's RunLoopSchedulerTests, which its OperationQueueSchedulerTests reuse:
/// testSchedulerTimeTypeDistance, testSchedulerTimeTypeAdvanced, testSchedulerTimeTypeEquatable,
/// testSchedulerTimeTypeCodable, testStrideToTimeInterval, testStrideFromTimeInterval,
/// testStrideFromNumericValue, testStrideComparable, testStrideMultiplication, testStrideAddition,
/// testStrideSubtraction, testStrideCodable).
enum DateSchedulerTimeChecks<S: DateBackedScheduler> {
  typealias Time = S.SchedulerTimeType
  typealias Stride = S.SchedulerTimeType.Stride

  static func distancesAreSecondsWithoutALimit() {
    let first = Time(Date(timeIntervalSince1970: 10_000))
    let second = Time(Date(timeIntervalSince1970: 10_431))
    let future = Time(.distantFuture)
    let nearlyFuture = Time(Date.distantFuture - 1024)
    #expect(first.distance(to: second).timeInterval == 431)
    #expect(second.distance(to: first).timeInterval == -431)
    #expect(first.distance(to: future).timeInterval == 64_092_201_200)
    #expect(future.distance(to: first).timeInterval == -64_092_201_200)
    #expect(second.distance(to: nearlyFuture).timeInterval == 64_092_199_745)
    #expect(nearlyFuture.distance(to: second).timeInterval == -64_092_199_745)
    #expect(future.distance(to: future).timeInterval == 0)
  }

  static func advancingAddsSecondsToTheDate() {
    let time = Time(Date(timeIntervalSinceReferenceDate: 10_000))
    let nearTheStart = Time(Date(timeIntervalSinceReferenceDate: 1))
    #expect(time.advanced(by: .seconds(431)) == Time(Date(timeIntervalSinceReferenceDate: 10_431)))
    #expect(time.advanced(by: .seconds(-220)) == Time(Date(timeIntervalSinceReferenceDate: 9780)))
    #expect(
      time.advanced(by: .nanoseconds(.max)).date == Date(timeIntervalSinceReferenceDate: 9_223_382_036.854776)
    )
    #expect(
      time.advanced(by: .seconds(.max)).date == Date(timeIntervalSinceReferenceDate: 9.223372036854786E+18))
    #expect(
      nearTheStart.advanced(by: .nanoseconds(-1000)).date == Date(timeIntervalSinceReferenceDate: 0.999999))
    #expect(nearTheStart.advanced(by: .seconds(-1000)).date == Date(timeIntervalSinceReferenceDate: -999))
  }

  static func timesAreEqualHashedAndOrderedByDate() {
    let first = Time(Date(timeIntervalSinceReferenceDate: 10_000))
    let same = Time(Date(timeIntervalSinceReferenceDate: 10_000))
    let later = Time(Date(timeIntervalSinceReferenceDate: 10_001))
    #expect(first == same)
    #expect(first != later)
    #expect(Set([first, same, later]).count == 2)
    #expect(first < later)
    #expect(!(later < first))
  }

  static func timeAndStrideEncodeAsCombinesDo() throws {
    let time = Time(Date(timeIntervalSinceReferenceDate: 1024.75))
    let encodedTime = try JSONEncoder().encode(time)
    #expect(String(decoding: encodedTime, as: UTF8.self) == #"{"date":1024.75}"#)
    #expect(try JSONDecoder().decode(Time.self, from: encodedTime) == time)
    let stride = Stride.seconds(1024.5)
    let encodedStride = try JSONEncoder().encode(stride)
    #expect(String(decoding: encodedStride, as: UTF8.self) == #"{"magnitude":1024.5}"#)
    #expect(try JSONDecoder().decode(Stride.self, from: encodedStride) == stride)
  }

  static func strideUnitsAndLiteralsCountSeconds() {
    #expect(Stride.seconds(2).timeInterval == 2)
    #expect(Stride.seconds(2.2).timeInterval == 2.2)
    #expect(Stride.seconds(Double.infinity).timeInterval == .infinity)
    #expect(Stride.milliseconds(2).timeInterval == 0.002)
    #expect(Stride.microseconds(2).timeInterval == 2E-06)
    #expect(Stride.nanoseconds(2).timeInterval == 2E-09)
    #expect(Stride.seconds(Int.max).timeInterval == 9.223372036854776E+18)
    #expect(Stride.milliseconds(.max).timeInterval == 9.223372036854776E+15)
    #expect(Stride.microseconds(.max).timeInterval == 9_223_372_036_854.775)
    #expect(Stride.nanoseconds(.max).timeInterval == 9_223_372_036.854776)
    #expect(Stride(2.2).magnitude == 2.2)
    #expect(Stride(.infinity).magnitude == .infinity)
    #expect((1.2 as Stride).magnitude == 1.2)
    #expect((2 as Stride).magnitude == 2)
    #expect(Stride(exactly: UInt64.max) == nil)
    #expect(Stride(exactly: 871 as UInt64)?.magnitude == 871)
    #expect(Stride.nanoseconds(1) < .nanoseconds(2))
    #expect(Stride.nanoseconds(-2) > .microseconds(-10))
    #expect(Stride.milliseconds(2) < .seconds(2))
  }

  static func strideArithmeticWorksInSeconds() {
    #expect((Stride.nanoseconds(0) * .nanoseconds(61346)).magnitude == 0)
    #expect((Stride.nanoseconds(18) * .nanoseconds(1)).magnitude == 1.8E-17)
    #expect((Stride.nanoseconds(18) * .microseconds(1)).magnitude == 1.8E-14)
    #expect((Stride.nanoseconds(15) * .nanoseconds(2)).magnitude == 3E-17)
    #expect((Stride.microseconds(-3) * .nanoseconds(10)).magnitude == -3E-14)
    #expect((Stride.nanoseconds(7) + .nanoseconds(12)).magnitude == 1.8999999999999998E-08)
    #expect((Stride.nanoseconds(7) + .nanoseconds(-12)).magnitude == -5E-09)
    #expect((Stride.milliseconds(-12) + .seconds(7)).magnitude == 6.988)
    #expect((Stride.seconds(-12) + .milliseconds(7)).magnitude == -11.993)
    #expect((Stride.nanoseconds(0) - .microseconds(2)).magnitude == -2E-06)
    #expect((Stride.nanoseconds(7) - .nanoseconds(-12)).magnitude == 1.8999999999999998E-08)
    #expect((Stride.seconds(-12) - .milliseconds(7)).magnitude == -12.007)
    #expect((Stride.milliseconds(-12) - .seconds(7)).magnitude == -7.012)
    var stride = Stride.nanoseconds(18)
    stride *= .microseconds(1)
    #expect(stride.magnitude == 1.8E-14)
    stride = .seconds(-12)
    stride += .milliseconds(7)
    #expect(stride.magnitude == -11.993)
    stride = .milliseconds(-12)
    stride -= .seconds(7)
    #expect(stride.magnitude == -7.012)
    #expect((-Stride.seconds(3)).magnitude == -3)
  }

  /// The figures of Combine's not checked above: distances from the second time and to the time just
  /// short of the distant future, strides made from seconds, and every product, sum and difference,
  /// plain and compound (OpenCombine's RunLoopSchedulerTests testSchedulerTimeTypeDistance,
  /// testStrideFromTimeInterval, testStrideMultiplication, testStrideAddition and
  /// testStrideSubtraction, at b6070db, the version stored).
  static func everyOtherFigureOfCombinesIsTheSame() {
    let first = Time(Date(timeIntervalSince1970: 10_000))
    let second = Time(Date(timeIntervalSince1970: 10_431))
    let future = Time(.distantFuture)
    let nearlyFuture = Time(Date.distantFuture - 1024)
    #expect(second.distance(to: future).timeInterval == 64_092_200_769)
    #expect(future.distance(to: second).timeInterval == -64_092_200_769)
    #expect(first.distance(to: nearlyFuture).timeInterval == 64_092_200_176)
    #expect(nearlyFuture.distance(to: first).timeInterval == -64_092_200_176)
    #expect(nearlyFuture.distance(to: nearlyFuture).timeInterval == 0)
    for seconds in [2, 2.2, 0.002, 2E-06, 2E-09, 9.223372036854776E+18] {
      #expect(Stride(seconds).magnitude == seconds)
    }
    let products: [(Stride, Stride, TimeInterval)] = [
      (.nanoseconds(0), .nanoseconds(61346), 0), (.nanoseconds(61346), .nanoseconds(0), 0),
      (.nanoseconds(18), .nanoseconds(1), 1.8E-17), (.nanoseconds(18), .microseconds(1), 1.8E-14),
      (.nanoseconds(1), .nanoseconds(18), 1.8E-17), (.microseconds(1), .nanoseconds(18), 1.8E-14),
      (.nanoseconds(15), .nanoseconds(2), 3E-17), (.microseconds(-3), .nanoseconds(10), -3E-14),
    ]
    for (lhs, rhs, product) in products {
      #expect((lhs * rhs).magnitude == product)
      var compound = lhs
      compound *= rhs
      #expect(compound.magnitude == product)
    }
    let sums: [(Stride, Stride, TimeInterval)] = [
      (.nanoseconds(0), .microseconds(2), 2E-06), (.nanoseconds(2), .microseconds(0), 2E-09),
      (.nanoseconds(7), .nanoseconds(12), 1.8999999999999998E-08),
      (.nanoseconds(12), .nanoseconds(7), 1.8999999999999998E-08),
      (.nanoseconds(7), .nanoseconds(-12), -5E-09), (.nanoseconds(-12), .nanoseconds(7), -5E-09),
      (.milliseconds(-12), .seconds(7), 6.988), (.seconds(-12), .milliseconds(7), -11.993),
    ]
    for (lhs, rhs, sum) in sums {
      #expect((lhs + rhs).magnitude == sum)
      var compound = lhs
      compound += rhs
      #expect(compound.magnitude == sum)
    }
    let differences: [(Stride, Stride, TimeInterval)] = [
      (.nanoseconds(0), .microseconds(2), -2E-06), (.nanoseconds(2), .microseconds(0), 2E-09),
      (.nanoseconds(7), .nanoseconds(12), -5E-09), (.nanoseconds(12), .nanoseconds(7), 5E-09),
      (.nanoseconds(7), .nanoseconds(-12), 1.8999999999999998E-08),
      (.nanoseconds(-12), .nanoseconds(7), -1.8999999999999998E-08),
      (.seconds(-12), .milliseconds(7), -12.007), (.milliseconds(-12), .seconds(7), -7.012),
    ]
    for (lhs, rhs, difference) in differences {
      #expect((lhs - rhs).magnitude == difference)
      var compound = lhs
      compound -= rhs
      #expect(compound.magnitude == difference)
    }
  }

  /// `now` is the date when it is read.
  static func nowIsTheCurrentDate(_ scheduler: S) {
    let before = Date()
    let now = scheduler.now.date
    let after = Date()
    #expect(before <= now && now <= after)
    #expect(scheduler.minimumTolerance == 0)
  }
}
