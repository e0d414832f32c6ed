import Foundation
import Testing

@testable import Shop

/// A FIFO, a directory or a device named as a catalog or state file is refused at once, saying what
/// it is, and never blocks (an `open` on a FIFO waits for a writer unless told not to).
@Suite struct NonRegularFileTests {
  private func makeFIFO(in directory: TemporaryDirectory, named name: String) -> String {
    let path = directory.file(name)
    #expect(mkfifo(path, 0o600) == 0)
    return path
  }

  private func catalogError(_ path: String) -> String? {
    withDeadline(blockingFIFO: path) { () -> String in
      do throws(CatalogError) {
        _ = try Catalog.load(fromFile: path)
        return "loaded"
      } catch {
        return error.description
      }
    }
  }

  @Test func aFIFOCatalogIsRefusedWithoutWaitingForAWriter() {
    let directory = TemporaryDirectory()
    let path = makeFIFO(in: directory, named: "catalog.json")
    #expect(catalogError(path) == "\(path): cannot read the catalog: is a FIFO, not a regular file")
  }

  @Test func aDirectoryOrADeviceCatalogIsCalledWhatItIs() {
    let directory = TemporaryDirectory()
    #expect(
      catalogError(directory.path)
        == "\(directory.path): cannot read the catalog: is a directory, not a regular file"
    )
    #expect(
      catalogError("/dev/null")
        == "/dev/null: cannot read the catalog: is a character device, not a regular file")
  }

  @Test func aFIFOStateFileIsReportedUnreadableWithoutWaitingAndLeftAlone() throws {
    let directory = TemporaryDirectory()
    let path = makeFIFO(in: directory, named: "state.json")
    let store = try StateStore(path: path)
    let error = withDeadline(blockingFIFO: path) { () -> StateFileError? in
      do throws(StateFileError) {
        _ = try store.load(now: Date(timeIntervalSince1970: 0))
        return nil
      } catch {
        return error
      }
    }
    #expect(error == StateFileError.unreadable(path: path, reason: "is a FIFO, not a regular file"))
    var status = stat()
    #expect(lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
  }
}
