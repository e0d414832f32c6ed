import Shop

extension AppState {
  /// Carries out a shop command on ``shop`` through the use cases, validated for the current store
  /// (which holds the basket's count: the runtime performs every write this returns); returns a line
  /// for the status bar and the write for the store, or throws one explaining the refusal (then the
  /// shop is unchanged).
  mutating func transition(_ command: ShopCommand) throws(ShopCommandError) -> (String, QuantityWrite) {
    var updated = shop
    let outcome: (String, QuantityWrite)
    do {
      outcome = try transition(command, of: &updated)
    } catch let error as ShoppingError {
      throw .refused(Self.refusal(error.description, of: command))
    } catch let error as ShopCommandError {
      throw error
    } catch {
      throw .refused("\(error)")
    }
    shop = updated
    return outcome
  }

  /// What a refused command says: a reorder that the basket cannot take names the reorder, not only
  /// the line it would have added.
  private static func refusal(_ description: String, of command: ShopCommand) -> String {
    switch command {
    case .reorder, .reorderOrder:
      let adding = "cannot add "
      guard description.hasPrefix(adding) else { return description }
      return "cannot reorder: it would add " + description.dropFirst(adding.count)
    default:
      return description
    }
  }

  private func transition(_ command: ShopCommand, of shop: inout ShopState) throws -> (String, QuantityWrite)
  {
    let shopping = ShoppingUseCase(mode: mode)
    switch command {
    case .add(let id, let quantity):
      guard let item = catalog.item(withID: id) else { throw ShopCommandError.unknownItem(id) }
      let write = try shopping.buy(item.withQuantity(quantity), in: &shop)
      return (quantity == 1 ? "added \(item.name)" : "added \(quantity) × \(item.name)", write)
    case .remove(let id, let quantity):
      let name = shop.basket.lines.first { $0.id == id }?.name ?? catalog.item(withID: id)?.name ?? id
      guard shop.basket.quantity(ofItemWithID: id) > 0 else {
        throw ShopCommandError.refused("cannot remove \(name): it is not in the basket")
      }
      let write = try shopping.remove(itemWithID: id, quantity: quantity, in: &shop)
      return (quantity == 1 ? "removed \(name)" : "removed \(quantity) × \(name)", write)
    case .bag:
      return ("added a paper bag (free, not counted on the badge)", try shopping.addPaperBag(in: &shop))
    case .reorder:
      let (result, write) = try Reorder(mode: mode).reorderLastOrder(from: catalog, in: &shop)
      return (result.summary + " from the last order", write)
    case .reorderOrder(let index):
      guard shop.orders.indices.contains(index) else {
        throw ShopCommandError.refused("cannot reorder: there is no such order")
      }
      let (result, write) = try Reorder(mode: mode).reorder(shop.orders[index], from: catalog, in: &shop)
      return (result.summary, write)
    case .undo(let earlier):
      return ("undone", try Undo(mode: mode).restore(earlier, from: &shop))
    case .redo(let later):
      return ("redone", try Undo(mode: mode).restore(later, from: &shop))
    case .checkout:
      let (order, write) = try shopping.checkout(&shop, at: date, from: catalog)
      let count = ItemCalculator.totalQuantity(of: order.items)
      let total = Money.format(ItemCalculator.subtotal(of: order.items), currency: catalog.currency)
      return ("checked out \(count) item\(count == 1 ? "" : "s"), \(total)", write)
    case .mode, .debounce, .compare, .lane:
      preconditionFailure("\(command) changes the app, not the shop: run(_:effects:) handles it")
    }
  }
}
