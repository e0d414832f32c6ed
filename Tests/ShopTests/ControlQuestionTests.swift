import Testing

@testable import Shop

/// The help screen's table: the article's questions, one short answer per store.
@Suite struct ControlQuestionTests {
  @Test func theQuestionsAreTheArticlesInItsOrder() {
    #expect(
      ControlQuestion.all.map(\.question) == [
        "Who owns the data?", "Who may write it?", "How?", "Any transformation?", "With what validation?",
        "Who reads it?",
      ])
  }

  @Test func everyAnswerFitsItsColumn() {
    for row in ControlQuestion.all {
      #expect(row.question.count <= ControlQuestion.maximumQuestionLength, "\(row.question)")
      for mode in QuantityStoreMode.allCases {
        let answer = row.answer(for: mode)
        #expect(!answer.isEmpty && answer.count <= ControlQuestion.maximumAnswerLength, "\(answer)")
      }
    }
  }

  @Test func eachModeReadsItsOwnColumn() {
    let owner = ControlQuestion.all[0]
    #expect(owner.answer(for: .controlled) == "the store, privately")
    #expect(owner.answer(for: .simple) == "nobody: a shared subject")
    #expect(owner.answer(for: .derived) == "the app state: the basket")
    #expect(
      QuantityStoreMode.derived.summary == "the basket is the owned value; the count is derived from it")
  }
}
