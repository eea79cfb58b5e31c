import FlowCore
import Testing

@testable import TerminalUI

/// The comparison's keys, as its update turns them into the next view.
@Suite struct ComparisonViewTests {
    static let menu = ScenarioMenu(selection: 3, query: "sso")
    static let request = ComparisonRequest(scenario: "rest-v2-ios-apple-sso", left: .restV2, right: .restV1)

    @Test func dSwitchesToTheDiagramsAtTheTopAndBack() {
        var view = ComparisonView(request: Self.request, menu: Self.menu)
        view.scroll = 7
        #expect(view.update(.character("d"), page: 10, maxScroll: 40) == .stay)
        var expected = ComparisonView(request: Self.request, menu: Self.menu)
        expected.showsDiagrams = true
        #expect(view == expected)
        #expect(view.update(.character("d"), page: 10, maxScroll: 40) == .stay)
        #expect(view == ComparisonView(request: Self.request, menu: Self.menu))
    }

    @Test func anotherIntegrationKeepsTheDiagramsShown() {
        var view = ComparisonView(request: Self.request, menu: Self.menu)
        view.showsDiagrams = true
        #expect(view.update(.right, page: 10, maxScroll: 40) == .compare)
        var expected = ComparisonView(
            request: ComparisonRequest(scenario: "rest-v2-ios-apple-sso", left: .restV2, right: .sdk), menu: Self.menu)
        expected.showsDiagrams = true
        #expect(view == expected)
    }
}
