/// Prices for people: minor units as "12.50 EUR".
public enum Money {
  /// `minorUnits` with two decimals and the currency code.
  public static func format(_ minorUnits: Int, currency: String) -> String {
    let sign = minorUnits < 0 ? "-" : ""
    let magnitude = minorUnits.magnitude
    let cents = magnitude % 100
    return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents) \(currency)"
  }
}
