import Testing

@testable import ShopTUI

@MainActor
@Suite struct RedrawCoalescerTests {
  @Test func manyRequestsInOneTurnCauseOneRedraw() {
    var scheduled: [@MainActor () -> Void] = []
    var redraws = 0
    let coalescer = RedrawCoalescer(schedule: { scheduled.append($0) }, redraw: { redraws += 1 })
    coalescer.setNeedsRedraw()
    coalescer.setNeedsRedraw()
    coalescer.setNeedsRedraw()
    #expect(scheduled.count == 1)
    scheduled.removeFirst()()
    #expect(redraws == 1)
    coalescer.setNeedsRedraw()
    #expect(scheduled.count == 1)
  }
}
