import Foundation
import Testing

/// The article's own code, written for Combine, type-checks against Reactive with only the import
/// changed. The code is read from the article in `../shared/seed` at test time, never copied into the
/// project.
///
/// A clone without `../shared` beside it (CI has it) skips these tests, and Swift Testing reports them
/// as skipped with the reason: the article's code was not checked. The example program in
/// `Tests/CombineExampleTests` keeps the same promise there.
@Suite(
  .enabled(
    if: ArticleSource.isPresent,
    "the article is not in ../shared/seed beside the repository: its code was not type-checked against Reactive"
  ))
struct ArticleCodeCompilesTests {
  @Test func theArticlesCodeCompilesWithOnlyTheImportChanged() throws {
    let declarations = try ArticleSource.load().completeDeclarations()
    #expect(
      Set(declarations.map(\.name)).isSuperset(of: [
        "ShoppingItem", "SimpleCartQuantityPublisher", "ShoppingUseCase", "CartViewModel",
        "ShoppingPageViewModel", "Reorder", "ItemCalculator", "ControlledCartQuantityPublisher",
      ]))
    let result = try TypeCheck.run(imports: ["Foundation", "Reactive"], declarations: declarations)
    #expect(result.status == 0, "swiftc -typecheck failed:\n\(result.output)")
  }

  /// The control that shows the check above can fail: without Reactive, the same code does not
  /// type-check, because Combine's names come from Reactive alone on this platform.
  @Test func withoutReactiveTheSameCodeDoesNotCompile() throws {
    let declarations = try ArticleSource.load().completeDeclarations()
    let result = try TypeCheck.run(imports: ["Foundation"], declarations: declarations)
    #expect(result.status != 0)
    #expect(result.output.contains("CurrentValueSubject"))
  }
}

/// One top-level type declaration taken from the article.
struct ArticleDeclaration {
  let name: String
  let text: String
}

/// The article's text, and the Swift declarations in it.
struct ArticleSource {
  let text: String

  /// Where the article is: `shared/seed`, beside the repository.
  static let location: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/seed/reactive-control-article.txt")

  /// Whether the article is there to read.
  static var isPresent: Bool { FileManager.default.isReadableFile(atPath: location.path) }

  /// Reads the article from `shared/seed`, beside the repository.
  static func load() throws -> ArticleSource {
    let url = location
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      throw ArticleError("cannot read the article at \(url.path): the repository expects ../shared beside it")
    }
    return ArticleSource(text: text)
  }

  /// Every top-level class or struct whose braces close, keeping the last version of a type the article
  /// shows twice. A declaration the article elides (`// ...` where stored properties would be
  /// initialized, so it has no initializer) is left out: `ControlledItemCalculator`.
  func completeDeclarations() -> [ArticleDeclaration] {
    let elided: Set<String> = ["ControlledItemCalculator"]
    var found: [ArticleDeclaration] = []
    var current: (name: String, lines: [String], depth: Int)?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if var block = current {
        block.lines.append(line)
        block.depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        if block.depth <= 0 {
          found.removeAll { $0.name == block.name }
          found.append(ArticleDeclaration(name: block.name, text: block.lines.joined(separator: "\n")))
          current = nil
        } else {
          current = block
        }
      } else if let name = Self.declaredName(line), line.contains("{") {
        let depth = line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        current = (name, [line], depth)
      }
    }
    return found.filter { !elided.contains($0.name) }
  }

  private static func declaredName(_ line: String) -> String? {
    for prefix in ["final class ", "class ", "struct "] where line.hasPrefix(prefix) {
      let rest = line.dropFirst(prefix.count)
      return String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
    return nil
  }
}

/// Runs `swiftc -typecheck` in Swift 5 mode (the article's code predates Swift 6's concurrency
/// checking) against the modules this test run was built with.
enum TypeCheck {
  static func run(imports: [String], declarations: [ArticleDeclaration]) throws -> (
    status: Int32, output: String
  ) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "article-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("Article.swift")
    let text =
      imports.map { "import \($0)" }.joined(separator: "\n") + "\n\n"
      + declarations.map(\.text).joined(separator: "\n\n") + "\n"
    try text.write(to: source, atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-swift-version", "5", "-I", try modulesDirectory().path, source.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  /// The folder of built module files beside the test bundle (`.build/<triple>/debug/Modules`).
  private static func modulesDirectory() throws -> URL {
    var candidates: [URL] = []
    var bundle = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    for _ in 0..<4 {
      bundle = bundle.deletingLastPathComponent()
      candidates.append(bundle.appendingPathComponent("Modules"))
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug/Modules"))
    guard
      let found = candidates.first(where: {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("Reactive.swiftmodule").path)
      })
    else {
      throw ArticleError("no Reactive.swiftmodule in \(candidates.map(\.path))")
    }
    return found
  }
}

/// A failure to set up the check, with what is missing.
struct ArticleError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
