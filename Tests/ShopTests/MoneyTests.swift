import Testing

@testable import Shop

/// Prices shown with each currency's own minor unit, as Foundation knows it.
@Suite struct MoneyTests {
  @Test func eachCurrencyShowsItsOwnMinorUnit() {
    #expect(Money.format(1_250, currency: "EUR") == "12.50 EUR")
    #expect(Money.format(5, currency: "EUR") == "0.05 EUR")
    #expect(Money.format(0, currency: "EUR") == "0.00 EUR")
    #expect(Money.format(500, currency: "JPY") == "500 JPY")
    #expect(Money.format(0, currency: "JPY") == "0 JPY")
    #expect(Money.format(1_234, currency: "BHD") == "1.234 BHD")
    #expect(Money.format(5, currency: "BHD") == "0.005 BHD")
  }

  @Test func minorUnitDigitsComeFromFoundation() {
    #expect(Money.minorUnitDigits(of: "JPY") == 0)
    #expect(Money.minorUnitDigits(of: "EUR") == 2)
    #expect(Money.minorUnitDigits(of: "BHD") == 3)
  }

  @Test func negativeAmountsKeepTheirSignAndMinorUnit() {
    #expect(Money.format(-1_250, currency: "EUR") == "-12.50 EUR")
    #expect(Money.format(-5, currency: "EUR") == "-0.05 EUR")
    #expect(Money.format(-5, currency: "JPY") == "-5 JPY")
    #expect(Money.format(-1, currency: "BHD") == "-0.001 BHD")
  }

  @Test func theLargestAndSmallestAmountsFormatExactly() {
    #expect(Money.format(Int.max, currency: "EUR") == "92233720368547758.07 EUR")
    #expect(Money.format(Int.min, currency: "EUR") == "-92233720368547758.08 EUR")
    #expect(Money.format(Int.min, currency: "JPY") == "-9223372036854775808 JPY")
    #expect(Money.format(Int.max, currency: "BHD") == "9223372036854775.807 BHD")
  }

  @Test func onlyCurrenciesFoundationKnowsAreKnown() {
    for code in ["EUR", "JPY", "BHD", "USD", "CHF"] {
      #expect(Money.isKnownCurrency(code), "\(code)")
    }
    for code in ["ABC", "ZZZ", "eur", "EU", "EURO", "", "€"] {
      #expect(!Money.isKnownCurrency(code), "\(code)")
    }
  }

  @Test func aCatalogInACurrencyFoundationDoesNotKnowIsRefused() throws {
    let error = #expect(throws: CatalogError.self) {
      try Catalog(currency: "ABC", items: [], source: "c.json")
    }
    #expect(
      error?.description
        == #"c.json: field "currency": must be an ISO 4217 currency code such as EUR or JPY, got "ABC""#)
    let parsed = #expect(throws: CatalogError.self) {
      try Catalog.parse(Array(#"{"currency": "ZZZ", "items": []}"#.utf8), source: "z.json")
    }
    #expect(parsed?.field == "currency")
    #expect(try Catalog(currency: "BHD", items: []).currency == "BHD")
  }
}
