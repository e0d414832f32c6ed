extension Catalog {
  /// Reads and validates a catalog file (see DESIGN.md for the format); errors name `path`.
  public static func load(fromFile path: String) throws(CatalogError) -> Catalog {
    // The file's bytes are gone before the id index is built, which lowers the peak memory.
    let contents = try parseFile(path)
    return try Catalog(checkedCurrency: contents.currency, checkedItems: contents.items, source: path)
  }

  /// Validates a catalog in the file format; `source` names it in errors.
  public static func parse(_ bytes: [UInt8], source: String) throws(CatalogError) -> Catalog {
    let contents = try parseContents(bytes, source: source)
    return try Catalog(checkedCurrency: contents.currency, checkedItems: contents.items, source: source)
  }

  private static func parseFile(_ path: String) throws(CatalogError) -> CatalogJSONParser.Contents {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path: path, maximumSize: maximumFileSize)
    } catch {
      throw CatalogError(source: path, problem: error.catalogProblem)
    }
    return try parseContents(bytes, source: path)
  }

  private static func parseContents(
    _ bytes: [UInt8], source: String
  ) throws(CatalogError) -> CatalogJSONParser.Contents {
    try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) in
      var parser = CatalogJSONParser(bytes: buffer, source: source)
      return try parser.parseContents()
    }
  }
}

extension RegularFile.Failure {
  /// The catalog's name for this failure.
  var catalogProblem: CatalogError.Problem {
    if case .tooLarge(let size, _) = self { return .fileTooLarge(size: size) }
    return .unreadable(reason)
  }
}
