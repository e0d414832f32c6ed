import Shop

/// Why a pipeline was refused: one line, already safe to print.
public struct LabPipelineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line.
  public let message: String

  init(_ message: String) { self.message = message }

  /// The line.
  public var description: String { message }
}
