import Testing

@testable import FlowCore

/// A step id read off a call (the live audit's) finds the cookbook's step when it names only one.
@Suite struct CookbookStepTests {
    @Test func anIdNamesItsStepWhereItIsTheOnlyOne() {
        #expect(CookbookStep.named("A.1", in: "rest-v2") == RestV2Steps.registerClient)
        #expect(CookbookStep.named("BA.1", in: "rest-v2") == RestV2Steps.createSession)
        #expect(CookbookStep.named("0.1", in: "rest-v1") == RestV1Steps.registerClient)
        // BA.2 is the web login on an iPhone and the code on a TV: the id alone cannot tell.
        #expect(CookbookStep.named("BA.2", in: "rest-v2") == nil)
        #expect(CookbookStep.named("A.1", in: "sdk") == nil)
    }

    @Test func theListsHoldEveryStepOnce() {
        for all in [RestV2Steps.all, RestV1Steps.all] {
            #expect(Set(all.map(\.key)).count == all.count)
        }
        #expect(RestV2Steps.all.count == 29 && RestV1Steps.all.count == 22)
    }
}
