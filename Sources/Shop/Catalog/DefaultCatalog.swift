extension Catalog {
  /// The catalog built into the app, in EUR; used when no catalog file is given.
  public static let builtIn: Catalog = try! Catalog(
    currency: "EUR",
    items: [
      ShoppingItem(id: "apple", name: "Apple", price: 50),
      ShoppingItem(id: "banana", name: "Banana", price: 35),
      ShoppingItem(id: "bread", name: "Sourdough bread", price: 420),
      ShoppingItem(id: "butter", name: "Butter", price: 289),
      ShoppingItem(id: "creme-fraiche", name: "Crème fraîche", price: 199),
      ShoppingItem(id: "matcha", name: "抹茶 Matcha", price: 1_450),
      ShoppingItem(id: "eggs", name: "Free-range eggs (10)", price: 359),
      ShoppingItem(id: "milk", name: "Whole milk", price: 129),
      ShoppingItem(id: "coffee", name: "Coffee beans", price: 899),
      ShoppingItem(id: "gruyere", name: "Gruyère", price: 645),
      ShoppingItem(id: "jalapeno", name: "Jalapeño peppers", price: 249),
      ShoppingItem(id: "tomatoes", name: "Tomatoes", price: 310),
      ShoppingItem(id: "olive-oil", name: "Extra virgin olive oil", price: 1_099),
      ShoppingItem(id: "rice", name: "Basmati rice", price: 279),
      ShoppingItem(
        id: "hamper",
        name: "Seasonal celebration hamper with artisan cheeses, chutneys, crackers and sparkling cider",
        price: 7_950),
      ShoppingItem(id: "chocolate", name: "Dark chocolate 70%", price: 225),
    ],
    source: "built-in catalog"
  )
}
