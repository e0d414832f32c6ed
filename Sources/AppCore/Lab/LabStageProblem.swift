import Shop

/// What is wrong with a stage's arguments, said after the stage's name.
struct LabStageProblem: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
