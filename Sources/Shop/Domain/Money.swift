import Foundation
import Reactive

/// Prices for people: minor units as "12.50 EUR", "500 JPY" or "1.234 BHD".
///
/// How many decimals a currency has (its ISO 4217 minor unit) is what Foundation knows, not a table of
/// ours. `NumberFormatter.maximumFractionDigits` cannot say on Linux (swift-corelibs-foundation reports
/// 2 for every currency), so the digits are read once per currency from Foundation's own rendering of
/// zero in that currency, and kept. The amount itself is printed with integer arithmetic, so every
/// `Int`, `Int.min` included, comes out exact and in the same layout whatever the locale.
public enum Money {
  /// `minorUnits` with the currency's decimals, a `-` when negative, no grouping, then the code.
  ///
  /// A code Foundation does not know gets two decimals, as Foundation gives it; catalogs in such a
  /// currency are refused (see ``isKnownCurrency(_:)``).
  public static func format(_ minorUnits: Int, currency: String) -> String {
    let sign = minorUnits < 0 ? "-" : ""
    let digits = minorUnitDigits(of: currency)
    let magnitude = minorUnits.magnitude
    guard digits > 0 else { return "\(sign)\(magnitude) \(currency)" }
    var divisor: UInt = 1
    for _ in 0..<digits { divisor *= 10 }
    let fraction = String(magnitude % divisor)
    let padding = String(repeating: "0", count: digits - fraction.count)
    return "\(sign)\(magnitude / divisor).\(padding)\(fraction) \(currency)"
  }

  /// How many decimals the currency's minor unit has: 0 for JPY, 2 for EUR, 3 for BHD.
  public static func minorUnitDigits(of currency: String) -> Int {
    if let known = digitsByCurrency.withLock({ $0[currency] }) { return known }
    let digits = digitsFoundationShows(for: currency)
    if isKnownCurrency(currency) {
      digitsByCurrency.withLock { $0[currency] = digits }
    }
    return digits
  }

  /// Whether `code` is three capital letters that Foundation lists as an ISO 4217 currency.
  public static func isKnownCurrency(_ code: String) -> Bool {
    code.utf8.count == 3 && code.utf8.allSatisfy { (0x41...0x5A).contains($0) } && knownCodes.contains(code)
  }

  private static let knownCodes = Set(Locale.Currency.isoCurrencies.map(\.identifier))

  /// Digits already read, for known currencies only, so the cache stays bounded.
  private static let digitsByCurrency = Locked<[String: Int]>([:])

  /// The decimals Foundation prints for zero in `currency`: "EUR 0.00" has 2.
  private static func digitsFoundationShows(for currency: String) -> Int {
    let style = Decimal.FormatStyle.Currency(code: currency, locale: Locale(identifier: "en_US_POSIX"))
      .grouping(.never)
      .presentation(.isoCode)
    let zero = Decimal(0).formatted(style)
    guard let point = zero.firstIndex(of: ".") else { return 0 }
    return zero[zero.index(after: point)...].prefix { $0.isASCII && $0.isNumber }.count
  }
}
