import Foundation
import Shop

/// Everything the app needs before it can draw: the catalog, the state file and what it held. Each
/// failure is one line for standard error; the caller exits with status 2.
public struct Startup {
  /// What the shop sells: the catalog file's, or the built-in one.
  public let catalog: Catalog
  /// The state file, held for this process; `nil` with `--no-state`.
  public let stateStore: StateStore?
  /// The basket and orders the state file held (empty without one).
  public let shop: ShopState
  /// A line for the status bar, such as a state file moved aside.
  public let notice: String?
  /// A line that stays on screen for the whole run: the state file cannot be used, so nothing is kept.
  public var stickyNotice: String? = nil

  /// The catalog `options` name: the file's, or the built-in one.
  public static func catalog(for options: AppOptions) throws(StartupError) -> Catalog {
    guard let path = options.catalogPath else { return .builtIn }
    do { return try Catalog.load(fromFile: path) } catch { throw StartupError("\(error)") }
  }

  /// Opens the state file `options` name for `catalog` (``catalog(for:)``): the one step that touches
  /// the user's files, so the terminal app takes it only once it knows it can start. The caller reads
  /// the platform: `environment` places the standard state file, and `now` (the clock at the start)
  /// names a file moved aside.
  public static func prepare(
    _ options: AppOptions, catalog: Catalog, environment: [String: String], now: Date
  ) throws(StartupError) -> Startup {
    let path: String
    switch options.state {
    case .none: return Startup(catalog: catalog, stateStore: nil, shop: ShopState(), notice: nil)
    case .file(let file): path = file
    case .standard:
      guard let standard = StateFileLocation.path(environment: environment) else {
        throw StartupError("no place for the state file: set XDG_STATE_HOME or HOME, or use --no-state")
      }
      path = standard
    }
    do {
      switch try StateStore.open(path: path, now: now) {
      case .unusable(let notice):
        return Startup(
          catalog: catalog, stateStore: nil, shop: ShopState(), notice: nil, stickyNotice: notice)
      case .opened(let store, let loaded):
        var shop = loaded.state
        let notices = ([loaded.notice] + Self.refresh(&shop.basket, from: catalog)).compactMap { $0 }
        return Startup(
          catalog: catalog, stateStore: store, shop: shop,
          notice: notices.isEmpty ? nil : notices.joined(separator: "; "))
      }
    } catch {
      throw StartupError("\(error)")
    }
  }
}

extension Startup {
  /// Gives the loaded basket's lines today's names and prices from `catalog`; returns what to tell the
  /// user: how many lines changed, and how many the catalog no longer has.
  static func refresh(_ basket: inout Basket, from catalog: Catalog) -> [String?] {
    let changed = basket.takeNamesAndPrices(from: catalog)
    let unavailable = catalog.unavailableItems(in: basket.lines).count
    return [
      changed == 0
        ? nil
        : "\(changed) basket line\(changed == 1 ? "" : "s") changed name or price in the catalog: now at today's",
      unavailable == 0
        ? nil
        : "\(unavailable) item\(unavailable == 1 ? "" : "s") in the basket no longer in the catalog: kept, marked unavailable",
    ]
  }
}
