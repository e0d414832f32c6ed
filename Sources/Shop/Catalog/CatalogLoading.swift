extension Catalog {
  /// Reads and validates a catalog file (see DESIGN.md for the format); errors name `path`.
  ///
  /// The file is read in pieces, so its bytes never sit in memory whole; a file that is not a regular
  /// file, or is larger than `maximumFileSize`, is refused before anything is read.
  /// A file of `CatalogSecondHalf.minimumFileSize` or more is read on two cores, each from one half,
  /// with the result and every error as one pass gives them.
  public static func load(fromFile path: String) throws(CatalogError) -> Catalog {
    try load(fromFile: path, twoCoresFrom: CatalogSecondHalf.minimumFileSize).catalog
  }

  /// `load(fromFile:)`, reading on two cores from files of `minimumSize` bytes (`Int.max`: never);
  /// also says whether the second core's items were used.
  public static func load(
    fromFile path: String, twoCoresFrom minimumSize: Int
  ) throws(CatalogError) -> (catalog: Catalog, usedSecondCore: Bool) {
    let file: RegularFile
    do {
      file = try RegularFile(path: path, maximumSize: maximumFileSize)
    } catch {
      throw CatalogError(source: path, problem: error.catalogProblem)
    }
    let secondHalf = CatalogSecondHalf.begin(reading: file, source: path, minimumSize: minimumSize)
    let parser = CatalogJSONParser(reader: JSONReader(file: file), source: path, secondHalf: secondHalf)
    let catalog = try Catalog(try parser.parseContents(), source: path)
    return (catalog, secondHalf?.wasTaken ?? false)
  }

  /// Validates a catalog in the file format; `source` names it in errors.
  public static func parse(_ bytes: [UInt8], source: String) throws(CatalogError) -> Catalog {
    let contents = try bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogError) in
        let parser = CatalogJSONParser(reader: JSONReader(bytes: buffer), source: source)
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
