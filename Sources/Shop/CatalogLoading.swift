extension Catalog {
  /// Reads and validates a catalog file (see DESIGN.md for the format); errors name `path`.
  public static func load(fromFile path: String) throws(CatalogError) -> Catalog {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path: path)
    } catch {
      throw CatalogError(source: path, problem: .unreadable(error.reason))
    }
    return try parse(bytes, source: path)
  }

  /// Validates a catalog in the file format; `source` names it in errors.
  public static func parse(_ bytes: [UInt8], source: String) throws(CatalogError) -> Catalog {
    try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) in
      var parser = CatalogJSONParser(bytes: buffer, source: source)
      return try parser.parseCatalog()
    }
  }
}
