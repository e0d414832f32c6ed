import Foundation
import Testing

@testable import Shop

/// The one write loop: bytes arrive whole, and a write that cannot happen says why.
@Suite struct WholeWriteTests {
  @Test func everyByteArrivesInTheFile() throws {
    let path = NSTemporaryDirectory() + "whole-write-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    defer { unlink(path) }
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try WholeWrite.write(bytes, to: descriptor)
    try WholeWrite.writeLine("end", to: descriptor)
    close(descriptor)
    #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == bytes + Array("end\n".utf8))
  }

  @Test func aWriteToAClosedDescriptorSaysWhy() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    close(ends[0])
    close(ends[1])
    #expect(throws: WholeWrite.Failure(errorNumber: EBADF)) { try WholeWrite.writeLine("a", to: ends[1]) }
    #expect(WholeWrite.Failure(errorNumber: EBADF).reason == "Bad file descriptor")
    #expect(WholeWrite.Failure(errorNumber: nil).reason == "nothing was written")
  }
}

@Suite struct EscapedTextTests {
  @Test func standardErrorsTextHasNoRawControlAndEscapingTwiceChangesNothing() {
    let once = UntrustedText.safe("--record: a\u{1B}[2J\u{202E}b.cast")
    #expect(once.description == "--record: a\\u{1B}[2J\\u{202E}b.cast")
    #expect(UntrustedText.safe(once.description) == once)
  }
}
