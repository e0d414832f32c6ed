import Foundation
import FoundationXML
import Testing

@testable import AppCore

/// `--svg FILE`: the run's marble diagram as a standalone SVG, read back with an XML parser.
@Suite struct MarbleSVGTests {
  /// What an XML parser finds in a document: the elements by name, and every text.
  final class Reading: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String] = []
    private var text = ""

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      elements.append((name, attributes))
      text = ""
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      if name == "text" { texts.append(text) }
      text = ""
    }
  }

  func read(_ path: String) throws -> Reading {
    let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
    let reading = Reading()
    parser.delegate = reading
    #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
    return reading
  }

  func runScript(_ path: String, svg: String) -> (status: Int32, output: [String], errors: [String]) {
    let recorder = ConsoleRecorder()
    let status = ScriptMode.run(
      path: path, virtualClock: true, options: AppOptions(svgPath: svg), platform: recorder.platform)
    return (status, recorder.output, recorder.errors)
  }

  @Test func theBurstExampleIsAScalableSVGWithAMarblePerValueItsWindowsAndTicks() throws {
    let directory = try makeScratchDirectory()
    let svg = directory.appendingPathComponent("burst.svg").path
    let run = runScript(examplePath("debounce-burst.shop"), svg: svg)
    #expect(run.status == 0)
    #expect(run.errors == [])
    #expect(run.output.first == "0.000 sent 1", "the events are still printed")
    let reading = try read(svg)
    let root = try #require(reading.elements.first)
    #expect(root.name == "svg")
    #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(root.attributes["viewBox"]?.hasPrefix("0 0 ") == true, "scalable")
    // One circle per value: each sent, badge and basket line printed or drawn.
    let values = run.output.filter { $0.contains(" sent ") || $0.contains(" badge ") }.count
    let circles = reading.elements.filter { $0.name == "circle" }.count
    #expect(circles > values, "sent and badge values, and the basket's: \(circles) circles for \(values)")
    for name in ["sent", "badge", "basket", "0s", "1s", "2s", "1.0 s"] {
      #expect(reading.texts.contains(name), "the text \(name)")
    }
    for colour in reading.elements.compactMap({ $0.attributes["stroke"] ?? $0.attributes["fill"] }) {
      #expect(["#000", "#fff", "none"].contains(colour), "black on white, not \(colour)")
    }
  }

  @Test func aPipelinesStagesEachHaveTheirRowAndTheirValues() throws {
    let directory = try makeScratchDirectory()
    let script = try writeFile(LabScriptTests.threeStages, named: "lab.shop", in: directory)
    let svg = directory.appendingPathComponent("lab.svg").path
    #expect(runScript(script, svg: svg).status == 0)
    let texts = try read(svg).texts
    for stage in ["removeDuplicates", "debounce 500ms", "scan sum"] {
      #expect(texts.contains(stage), "a row named \(stage)")
    }
    #expect(texts.contains("4"), "scan sum's last value")
  }

  @Test func anExistingFileIsNeverOverwrittenAndNothingRuns() throws {
    let directory = try makeScratchDirectory()
    let svg = try writeFile("mine", named: "slide.svg", in: directory)
    let run = runScript(examplePath("debounce-burst.shop"), svg: svg)
    #expect(run.status == 2)
    #expect(run.output == [])
    #expect(
      run.errors == ["error: --svg: \(svg): File exists; choose another name (nothing was overwritten)"])
    #expect(try String(contentsOfFile: svg, encoding: .utf8) == "mine")
  }

  @Test func aBadScriptLeavesNoFile() throws {
    let directory = try makeScratchDirectory()
    let script = try writeFile("lane fast\n", named: "bad.shop", in: directory)
    let svg = directory.appendingPathComponent("bad.svg").path
    #expect(runScript(script, svg: svg).status == 2)
    #expect(!FileManager.default.fileExists(atPath: svg))
  }

  @Test func textIsEscapedForXML() {
    #expect(MarbleSVG.escaped("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;")
  }
}
