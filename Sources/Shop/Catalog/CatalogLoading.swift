extension Catalog {
  /// Reads and validates a catalog file (see DESIGN.md for the format); errors name `path`.
  ///
  /// The file is read in pieces, so its bytes never sit in memory whole; a file that is not a regular
  /// file, or is larger than `maximumFileSize`, is refused before anything is read.
  public static func load(fromFile path: String) throws(CatalogError) -> Catalog {
    let file: RegularFile
    do {
      file = try RegularFile(path: path, maximumSize: maximumFileSize)
    } catch {
      throw CatalogError(source: path, problem: error.catalogProblem)
    }
    var parser = CatalogJSONParser(reader: JSONReader(file: file), source: path)
    return try Catalog(try parser.parseContents(), source: path)
  }

  /// Validates a catalog in the file format; `source` names it in errors.
  public static func parse(_ bytes: [UInt8], source: String) throws(CatalogError) -> Catalog {
    let contents = try bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogError) in
        var parser = CatalogJSONParser(reader: JSONReader(bytes: buffer), source: source)
        return try parser.parseContents()
      }
    }.get()
    return try Catalog(contents, source: source)
  }
}

extension RegularFile.Failure {
  /// The catalog's name for this failure.
  var catalogProblem: CatalogError.Problem {
    if case .tooLarge(let size, _) = self { return .fileTooLarge(size: size) }
    return .unreadable(reason)
  }
}
