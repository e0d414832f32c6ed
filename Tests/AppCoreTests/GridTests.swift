import Testing

@testable import AppCore

@Suite struct GridTests {
  @Test func writesTextAndReturnsTheNextColumn() {
    var grid = Grid(width: 10, height: 1)
    let end = grid.write("Apple", at: GridPoint(x: 2, y: 0))
    #expect(end == 7)
    #expect(grid.renderedText == "  Apple\n")
  }

  @Test func cutsAtMaxWidthAndAtTheRightEdge() {
    var grid = Grid(width: 8, height: 2)
    grid.write("Crème fraîche", at: GridPoint(x: 0, y: 0), maxWidth: 5)
    grid.write("Crème fraîche", at: GridPoint(x: 3, y: 1))
    #expect(grid.renderedText == "Crème\n   Crème\n")
  }

  @Test func wideGlyphTakesTwoColumnsAndIsNeverSplit() {
    var grid = Grid(width: 5, height: 1)
    let end = grid.write("抹茶茶", at: GridPoint(x: 0, y: 0))
    #expect(end == 5)
    #expect(grid[0, 0].content == .glyph("抹"))
    #expect(grid[1, 0].content == .wideContinuation)
    #expect(grid[4, 0] == .blank)
    #expect(grid.renderedText == "抹茶\n")
  }

  @Test func wideGlyphThatDoesNotFitBecomesASpaceInStyle() {
    var grid = Grid(width: 6, height: 1)
    grid.write("ab🍎", at: GridPoint(x: 0, y: 0), style: .selected, maxWidth: 3)
    #expect(grid[2, 0] == .space(.selected))
    #expect(grid[3, 0] == .blank)
  }

  @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
    var grid = Grid(width: 4, height: 1)
    grid.write("抹茶", at: GridPoint(x: 0, y: 0))
    grid.write("x", at: GridPoint(x: 1, y: 0))
    grid.write("y", at: GridPoint(x: 2, y: 0))
    #expect(grid.renderedText == " xy\n")
    #expect(grid[3, 0] == .blank)
  }

  @Test func controlCharactersAndEscapesBecomePlaceholders() {
    var grid = Grid(width: 12, height: 1)
    grid.write("a\u{1B}[2Jb\u{9B}c\nd", at: GridPoint(x: 0, y: 0))
    #expect(grid.renderedText == "a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}d\n")
  }

  @Test func invisibleFormatCharactersAreDroppedAndMarksKept() {
    var grid = Grid(width: 12, height: 1)
    grid.write("e\u{301}\u{202E}x\u{200D}\u{FE0F}", at: GridPoint(x: 0, y: 0))
    #expect(grid[0, 0].content == .glyph("e\u{301}"))
    #expect(grid.renderedText == "e\u{301}x\n")
  }

  @Test func textStartingLeftOfTheGridIsClipped() {
    var grid = Grid(width: 4, height: 1)
    grid.write("抹ab", at: GridPoint(x: -1, y: 0))
    #expect(grid.renderedText == " ab\n")
  }

  @Test func writesOutsideTheRowsAreIgnored() {
    var grid = Grid(width: 3, height: 1)
    grid.write("abc", at: GridPoint(x: 0, y: 1))
    grid.write("abc", at: GridPoint(x: 0, y: -1))
    #expect(grid.renderedText == "\n")
  }

  @Test func fieldsPadAndAlignByDisplayWidth() {
    var grid = Grid(width: 12, height: 2)
    grid.writeField("抹茶", at: GridPoint(x: 0, y: 0), width: 6, style: .selected)
    grid.writeField("1.50", at: GridPoint(x: 6, y: 0), width: 6, alignment: .trailing)
    grid.writeField("抹茶 Matcha", at: GridPoint(x: 0, y: 1), width: 3)
    #expect(grid.renderedText == "抹茶    1.50\n抹\n")
    #expect(grid[4, 0] == .space(.selected))
    #expect(grid[2, 1] == .blank)
  }

  @Test func fillIsClippedToTheGrid() {
    var grid = Grid(width: 3, height: 2)
    grid.fill(GridRect(x: 1, y: 0, width: 5, height: 1), style: .selected)
    #expect(grid[0, 0] == .blank)
    #expect(grid[2, 0] == .space(.selected))
    #expect(grid[2, 1] == .blank)
  }

  @Test func goldenScreenWithWideTextAndStyles() {
    var grid = Grid(width: 24, height: 4)
    grid.fill(GridRect(x: 0, y: 0, width: 24, height: 1), style: Style(background: .accent))
    grid.write(" shop", at: GridPoint(x: 0, y: 0), style: Style(background: .accent, attributes: .bold))
    grid.write("Basket: 0", at: GridPoint(x: 14, y: 0), style: Style(background: .accent))
    grid.writeField("Crème fraîche", at: GridPoint(x: 0, y: 1), width: 16, style: .selected)
    grid.writeField("1.99", at: GridPoint(x: 16, y: 1), width: 8, alignment: .trailing)
    grid.writeField("抹茶 Matcha", at: GridPoint(x: 0, y: 2), width: 16)
    grid.writeField("🍎 Apple", at: GridPoint(x: 0, y: 3), width: 16)
    expectSnapshot(grid.renderedText, named: "grid-wide-text")
    expectSnapshot(grid.styledDump, named: "grid-wide-text-styled")
  }
}
