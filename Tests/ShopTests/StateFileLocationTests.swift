import Testing

@testable import Shop

@Suite struct StateFileLocationTests {
  @Test func xdgStateHomeWinsWhenAbsolute() {
    let path = StateFileLocation.path(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"])
    #expect(path == "/x/state/shop/state.json")
    #expect(
      StateFileLocation.path(environment: ["XDG_STATE_HOME": "/x/state/"]) == "/x/state/shop/state.json")
  }

  @Test func homeIsUsedWhenXdgStateHomeIsUnsetEmptyOrRelative() {
    let expected = "/home/u/.local/state/shop/state.json"
    #expect(StateFileLocation.path(environment: ["HOME": "/home/u"]) == expected)
    #expect(StateFileLocation.path(environment: ["XDG_STATE_HOME": "", "HOME": "/home/u"]) == expected)
    #expect(StateFileLocation.path(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"]) == expected)
  }

  @Test func noLocationWithoutAnAbsoluteDirectory() {
    #expect(StateFileLocation.path(environment: [:]) == nil)
    #expect(StateFileLocation.path(environment: ["HOME": "relative"]) == nil)
  }
}
