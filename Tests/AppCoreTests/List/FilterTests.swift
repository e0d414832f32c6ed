import Foundation
import Shop
import Testing

@testable import AppCore

/// The filter through `update`: every answer equals a brute-force search, backspace finds earlier
/// answers again, a search that would take long runs in the background and the next key makes its
/// answer stale, and the selection stays on its item.
@Suite struct FilterTests {
  /// Typed characters for random queries: pieces on which the filter and the first matcher agree.
  static let typed: [Character] = Array("abeEsSiIf 1éÉèäßİıσΣж한국カ抹茶ａ").filter {
    !NameFoldingTests.expanding.contains($0)
  }

  @Test(arguments: [ListWorkBudget.standard, .nothing])
  func everyAnswerIsWhatTheFirstMatcherFindsInTheWholeCatalog(budget: ListWorkBudget) {
    let catalog = ListTestSupport.randomCatalog(count: 400, seed: 0xC47)
    var state = AppState(
      catalog: catalog, shop: ShopState(), mode: .controlled, debounce: .standard, width: 80, height: 24)
    state.list.budget = budget
    let app = TestStore(state, exhaustive: false)
    var random = SplitMix64(seed: 0xF17)
    var queued: [ListWork] = []
    var checks = 0
    for _ in 0..<60 {
      app.press(.character("/"))
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6: app.type(String(Self.typed.randomElement(using: &random)!))
        case 6..<9: app.press(.backspace)
        default:
          app.press(.enter, .character("s"), .character("/"))
        }
        queued += app.takeEffects().compactMap { if case .startListWork(let work) = $0 { work } else { nil } }
        // Answers arrive late or not yet; stale ones too, which must change nothing.
        if Bool.random(using: &random) { Self.deliver(&queued, to: app) }
        if app.state.list.pendingSearch == nil, app.state.list.pendingOrder == nil {
          Self.expectShownIsTheReference(app.state)
          checks += 1
        }
      }
      Self.deliver(&queued, to: app)
      #expect(app.state.list.pendingSearch == nil && app.state.list.pendingOrder == nil)
      Self.expectShownIsTheReference(app.state)
      if Bool.random(using: &random) { app.press(.escape) }
    }
    #expect(checks > 100)
  }

  @Test func aSlowSearchIsCancelledByTheNextKeyAndItsStaleAnswerIgnored() throws {
    let store = TestStore(ListTestSupport.backgroundState())
    let index = store.state.list.index
    store.send(.input(.key(.character("/"))), effects: [.startListWork(.prepareFilter(index))]) {
      $0.list.isEditingFilter = true
    }
    let searchA = FilterSearch(query: "a", folded: Array("a".utf8), candidates: nil, index: index)
    store.send(.input(.key(.character("a"))), effects: [.startListWork(.search(searchA))]) {
      $0.list.filter = "a"
      $0.list.pendingSearch = "a"
    }
    #expect(store.screen.contains(" Items matching \"a\" (searching…)"))
    let searchAP = FilterSearch(query: "ap", folded: Array("ap".utf8), candidates: nil, index: index)
    store.send(.input(.key(.character("p"))), effects: [.cancelSearch, .startListWork(.search(searchAP))]) {
      $0.list.filter = "ap"
      $0.list.pendingSearch = "ap"
    }
    // The answer for "a" comes in anyway: the user typed on, so nothing changes.
    let stale = try #require(ListWork.search(searchA).run(isCancelled: { false }))
    store.send(stale)
    let answer = try #require(ListWork.search(searchAP).run(isCancelled: { false }))
    let matches = ListTestSupport.foundationMatches("ap", in: .builtIn)
    #expect(answer == .filterResult(query: "ap", matches: matches))
    #expect(matches.count >= 2)
    store.send(answer) {
      $0.list.pendingSearch = nil
      $0.list.matches = matches
      $0.list.shown = matches
      $0.list.history.push(Array("ap".utf8), matches: matches, limit: 48)
    }
    #expect(store.screen.contains(" Items matching \"ap\" (\(matches.count))"))
    #expect(ListWork.search(searchA).run(isCancelled: { true }) == nil, "a cancelled search answers nothing")
  }

  @Test func backspaceShowsTheEarlierAnswerAgainWithoutSearching() throws {
    let store = TestStore(ListTestSupport.backgroundState())
    let index = store.state.list.index
    _ = index.foldedNames()
    store.send(.input(.key(.character("/")))) { $0.list.isEditingFilter = true }
    let matchesA = ListTestSupport.foundationMatches("a", in: .builtIn)
    let searchA = FilterSearch(query: "a", folded: Array("a".utf8), candidates: nil, index: index)
    store.send(.input(.key(.character("a"))), effects: [.startListWork(.search(searchA))]) {
      $0.list.filter = "a"
      $0.list.pendingSearch = "a"
    }
    store.send(.filterResult(query: "a", matches: matchesA)) {
      $0.list.pendingSearch = nil
      $0.list.matches = matchesA
      $0.list.shown = matchesA
      $0.list.history.push(Array("a".utf8), matches: matchesA, limit: 48)
    }
    let searchAN = FilterSearch(query: "an", folded: Array("an".utf8), candidates: matchesA, index: index)
    store.send(.input(.key(.character("n"))), effects: [.startListWork(.search(searchAN))]) {
      $0.list.filter = "an"
      $0.list.pendingSearch = "an"
    }
    let matchesAN = ListTestSupport.foundationMatches("an", in: .builtIn)
    #expect(
      ListWork.search(searchAN).run(isCancelled: { false }) == .filterResult(query: "an", matches: matchesAN))
    store.send(.filterResult(query: "an", matches: matchesAN)) {
      $0.list.pendingSearch = nil
      $0.list.matches = matchesAN
      $0.list.shown = matchesAN
      $0.list.history.push(Array("an".utf8), matches: matchesAN, limit: 48)
    }
    #expect(store.state.selectedItem?.name == "Banana", "Apple has no \"an\": the first match is selected")
    // Backspace: the answer for "a" at once, no search, and Banana still selected.
    store.send(.input(.key(.backspace))) {
      $0.list.filter = "a"
      $0.list.matches = matchesA
      $0.list.shown = matchesA
      $0.list.selection = Int(matchesA.firstIndex(of: 1)!)
      // Banana stays on the first row, as far as the list can scroll.
      $0.list.scroll = min($0.list.selection, matchesA.count - $0.layout.list.height)
      _ = $0.list.history.narrowest(containing: Array("a".utf8))
    }
    #expect(store.state.selectedItem?.name == "Banana")
    // And once more: the whole catalog, Banana still selected.
    store.send(.input(.key(.backspace))) {
      $0.list.filter = ""
      $0.list.matches = nil
      $0.list.shown = nil
      $0.list.selection = 1
      $0.list.history.removeAll()
    }
    store.finish()
  }

  @Test func theSelectionStaysOnItsItemAndRowWhileTheFilterChanges() throws {
    let items = (0..<200).map { ShoppingItem(id: "item-\($0)", name: "Item \($0)", price: $0) }
    let app = TestStore(exhaustive: false, catalog: try Catalog(currency: "EUR", items: items))
    for _ in 0..<150 { app.press(.down) }
    let row = app.state.list.selection - app.state.list.scroll
    #expect(app.state.selectedItem?.name == "Item 150")
    app.press(.character("/"))
    app.type("1")
    #expect(app.state.selectedItem?.name == "Item 150", "Item 150 holds a 1")
    #expect(app.state.list.selection - app.state.list.scroll == row, "on the same row")
    app.type("5")
    #expect(app.state.selectedItem?.name == "Item 150")
    app.type("1")
    #expect(app.state.selectedItem?.name == "Item 151", "gone: the first match")
    #expect(app.state.list.selection == 0 && app.state.list.scroll == 0)
    app.press(.escape)
    #expect(app.state.selectedItem?.name == "Item 151", "kept when the filter clears")
    #expect(app.state.visibleCount == 200)
  }

  @Test func selectingAnItemByItsCatalogIndexClearsAFilterThatHidesItAndFindsItInAnyOrder() {
    let app = TestStore(exhaustive: false)
    app.press(.character("s"))
    app.press(.character("/"))
    app.type("an")
    app.press(.enter)
    var state = app.state
    var effects: [AppEffect] = []
    state.selectItem(atCatalogIndex: 1, effects: &effects)
    #expect(state.selectedItem?.name == "Banana", "shown: the filter stays")
    #expect(state.list.filter == "an")
    state.selectItem(atCatalogIndex: 0, effects: &effects)
    #expect(state.selectedItem?.name == "Apple", "hidden by the filter, which is cleared")
    #expect(state.list.filter.isEmpty && state.list.order == .name)
    #expect(effects.isEmpty)
  }

  @Test func aQueryOfCombiningMarksAloneMatchesNothing() {
    let app = TestStore(exhaustive: false)
    app.press(.character("/"))
    app.send(.paste("\u{301}"))
    #expect(app.state.visibleCount == 0)
    #expect(app.screen.contains("no item matches"))
    app.send(.paste("e"))
    #expect(app.state.list.filter == "\u{301}e")
    #expect(ListTestSupport.shownIndices(app.state) == ListTestSupport.foundationMatches("e", in: .builtIn))
  }

  /// Runs every queued piece of list work, in order, and sends back what each answers.
  static func deliver(_ queued: inout [ListWork], to app: TestStore) {
    for work in queued {
      if let event = work.run(isCancelled: { false }) { app.send(event) }
    }
    queued.removeAll()
    _ = app.takeEffects()
  }

  /// The list shows what the first matcher finds for the filter, in the list's order.
  static func expectShownIsTheReference(
    _ state: AppState, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let filter = state.list.filter
    let matches = filter.isEmpty ? nil : ListTestSupport.foundationMatches(filter, in: state.catalog)
    let expected = ListTestSupport.shown(matches, in: state.list.order, of: state.catalog)
    #expect(
      ListTestSupport.shownIndices(state) == expected, "\(filter.debugDescription) \(state.list.order)",
      sourceLocation: sourceLocation)
    #expect(
      state.visibleCount == 0 || state.list.selection < state.visibleCount, sourceLocation: sourceLocation)
  }
}
