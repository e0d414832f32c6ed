import Testing

@testable import AppCore

@Suite struct KeyDecoderTests {
  @Test func printableCharactersIncludingNonASCII() {
    #expect(KeyDecoder.key(forCharacter: 0x6A) == .character("j"))
    #expect(KeyDecoder.key(forCharacter: 0xE9) == .character("é"))
    #expect(KeyDecoder.key(forCharacter: 0x62B9) == .character("抹"))
  }

  @Test func controlCodes() {
    #expect(KeyDecoder.key(forCharacter: 0x0D) == .enter)
    #expect(KeyDecoder.key(forCharacter: 0x0A) == .enter)
    #expect(KeyDecoder.key(forCharacter: 0x1B) == .escape)
    #expect(KeyDecoder.key(forCharacter: 0x7F) == .backspace)
    #expect(KeyDecoder.key(forCharacter: 0x03) == .interrupt)
    #expect(KeyDecoder.key(forCharacter: 0x0C) == .control("l"))
    #expect(KeyDecoder.key(forCharacter: 0x9B) == nil)
  }
}

@Suite struct ClickTrackerTests {
  @Test func secondPressOnTheSameCellWithinTheIntervalIsADoubleClick() {
    var tracker = ClickTracker(interval: .milliseconds(400))
    let events = [
      tracker.press(x: 3, y: 4, at: .milliseconds(1000)),
      tracker.press(x: 3, y: 4, at: .milliseconds(1300)),
      tracker.press(x: 3, y: 4, at: .milliseconds(1400)),
      tracker.press(x: 3, y: 4, at: .milliseconds(2000)),
      tracker.press(x: 5, y: 4, at: .milliseconds(2100)),
    ]
    #expect(
      events == [
        .click(x: 3, y: 4), .doubleClick(x: 3, y: 4), .click(x: 3, y: 4), .click(x: 3, y: 4),
        .click(x: 5, y: 4),
      ])
  }
}

@Suite struct ColorSchemeTests {
  @Test func colourIsOffForNoColorOrTheFlagOrTooFewColours() {
    #expect(
      ColorMode.resolve(colorCount: 256, noColorEnvironment: "1", colorDisabledByFlag: false) == .monochrome)
    #expect(
      ColorMode.resolve(colorCount: 256, noColorEnvironment: "", colorDisabledByFlag: false) == .extended)
    #expect(
      ColorMode.resolve(colorCount: 256, noColorEnvironment: nil, colorDisabledByFlag: true) == .monochrome)
    #expect(ColorMode.resolve(colorCount: 8, noColorEnvironment: nil, colorDisabledByFlag: false) == .basic)
    #expect(
      ColorMode.resolve(colorCount: 0, noColorEnvironment: nil, colorDisabledByFlag: false) == .monochrome)
  }

  @Test func monochromeKeepsMeaningWithAttributes() {
    let scheme = ColorScheme(mode: .monochrome)
    #expect(scheme.pairDefinitions(defaultColors: true).isEmpty)
    #expect(scheme.appearance(of: Style(background: .accent)).attributes == .reverse)
    #expect(scheme.appearance(of: Style(foreground: .danger)).attributes == .bold)
    #expect(scheme.appearance(of: .selected) == .init(pair: 0, attributes: .reverse))
  }

  @Test func basicColoursDimMutedTextAndFitSixtyFourPairs() {
    let scheme = ColorScheme(mode: .basic)
    let pairs = scheme.pairDefinitions(defaultColors: false)
    #expect(pairs.count == 63)
    #expect(pairs.allSatisfy { $0.pair < 64 && $0.foreground < 8 && $0.background < 8 })
    #expect(scheme.appearance(of: Style(foreground: .muted)) == .init(pair: 0, attributes: .dim))
    let accent = scheme.appearance(of: Style(foreground: .accent))
    #expect(pairs.first { $0.pair == accent.pair }?.foreground == 6)
  }

  @Test func extendedColoursUseGreyForMutedAndTheDefaultColours() {
    let scheme = ColorScheme(mode: .extended)
    let pairs = scheme.pairDefinitions(defaultColors: true)
    let muted = scheme.appearance(of: Style(foreground: .muted))
    #expect(muted.attributes.isEmpty)
    #expect(pairs.first { $0.pair == muted.pair } == .init(pair: muted.pair, foreground: 244, background: -1))
  }
}
