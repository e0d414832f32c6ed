import Foundation

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
  let path: String

  init() {
    let template = NSTemporaryDirectory() + "shop-tests-XXXXXX"
    var bytes = Array(template.utf8CString)
    let made = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    path = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  func file(_ name: String) -> String { path + "/" + name }

  func write(_ text: String, to name: String) -> String {
    let filePath = file(name)
    _ = FileManager.default.createFile(atPath: filePath, contents: Data(text.utf8))
    return filePath
  }

  func contents(of name: String) -> String? {
    FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
  }

  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
