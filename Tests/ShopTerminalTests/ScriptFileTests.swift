import AppCore
import Foundation
import Testing

@testable import ShopTerminal

/// The executable's own reading of script files: what `--script` and `--play` open.
@Suite struct ScriptFileTests {
  @Test func aMissingScriptIsOneLineNamingTheFileAndTheSystemsReason() {
    #expect(throws: ScriptFileError(name: "/nonexistent/burst.shop", reason: "No such file or directory")) {
      try ScriptFile.contents(atPath: "/nonexistent/burst.shop")
    }
    #expect(
      ScriptFileError(name: "/nonexistent/burst.shop", reason: "No such file or directory").description
        == "cannot read script /nonexistent/burst.shop: No such file or directory")
  }

  @Test func aScriptIsReadWholeThroughThePlatform() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("shop-\(UUID().uuidString).shop")
      .path
    let text = String(repeating: "add apple\n", count: 20_000)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try ScriptPlatform.standard.readFile(path, { _ in }) == Array(text.utf8))
  }
}
