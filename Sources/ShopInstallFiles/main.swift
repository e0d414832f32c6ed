import AppCore
import Foundation

// `make install`'s helper: writes the man page and the three completion scripts, made from the
// tables behind `shop --help`, into a folder: `ShopInstallFiles DIR DATE`.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let folder = arguments.first, let date = arguments.last else {
  FileHandle.standardError.write(Data("usage: ShopInstallFiles DIR DATE (DATE as 2026-12-02)\n".utf8))
  exit(2)
}
let files: [(String, String)] =
  [("shop.1", ManualPage.text(date: date))]
  + ShellCompletions.Shell.allCases.map { shell in
    let name =
      switch shell {
      case .bash: "shop.bash"
      case .zsh: "_shop"
      case .fish: "shop.fish"
      }
    return (name, ShellCompletions.script(for: shell))
  }
do {
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  for (name, text) in files {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
  }
} catch {
  FileHandle.standardError.write(Data("ShopInstallFiles: cannot write to \(folder): \(error)\n".utf8))
  exit(1)
}
