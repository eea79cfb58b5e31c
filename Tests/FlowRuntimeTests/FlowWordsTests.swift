import FlowCore
import Foundation
import Localization
import Testing

@testable import FlowRuntime

/// FlowCore states codes, steps and notices by key; their words come from the catalogs at the
/// edge, in English for the timeline's record and in the user's language on screen.
@Suite struct FlowWordsTests {
    @Test func aNoticeIsWordedFromItsKeysInEachLanguage() {
        let notice = Notice(
            key: "notice.signOut", values: ["app": "App"], keyedValues: ["settings": "settings.title.tvos"])
        #expect(notice.title == "Signed out of App")
        #expect(
            notice.message
                == "You are still signed in to your TV provider on this device. To sign out everywhere, go to Settings › Accounts › TV Provider."
        )
        #expect(notice.text(in: .of(.spanish)).title != notice.title)
        #expect(Notice(title: "Hi", message: "There").text(in: .of(.russian)) == ("Hi", "There"))
    }

    @Test func aCodeAndAStepAreWordedAndTheTimelinesJSONKeepsTheEnglish() throws {
        #expect(StatusCode.otherProvider.meaning == Strings.english("status.N003"))
        #expect(StatusCode.serverError(503).meaning == Strings.english("status.CFG5xx", ["status": "503"]))
        #expect(
            StatusCode.otherProvider.label(raisedBy: .appDecision)
                == Strings.english("status.appDecision", ["code": "N003"]))
        let step = RestV2Steps.pollProfile
        #expect(step.explanation(in: .of(.spanish)) != step.explanation)
        let entry = TimelineEntry(
            id: 1, time: 0, kind: .status, title: "N003", status: .otherProvider, step: step)
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? [String: Any])
        #expect((json["status"] as? [String: Any])?["meaning"] as? String == StatusCode.otherProvider.meaning)
        #expect((json["step"] as? [String: Any])?["explanation"] as? String == step.explanation)
        let read = try JSONDecoder().decode(TimelineEntry.self, from: JSONEncoder().encode(entry))
        #expect(read.status == .otherProvider && read.step == step)
    }

    /// A code's line carries the flow's remark as its detail, and nothing when the code's meaning
    /// says it all; read back from JSON, another language still puts the meaning first.
    @Test func aCodesDetailIsTheRemarkAlone() throws {
        let timeline = Timeline(now: { 0 })
        timeline.record(.status(.otherProvider, details: nil))
        timeline.record(.status(.otherProvider, details: .verbatim("the picker closed")))
        let (bare, remarked) = (timeline.entries[0], timeline.entries[1])
        #expect(bare.detail == nil && remarked.detail == "the picker closed")
        #expect(bare.statusDetail(in: .english) == StatusCode.otherProvider.meaning)
        #expect(remarked.statusDetail(in: .english) == "the picker closed")
        #expect(bare.mentions(StatusCode.otherProvider.meaning) && remarked.mentions("picker closed"))
        let spanish = Strings.of(.spanish)
        let meaning = StatusCode.otherProvider.meaning(in: spanish)
        for (entry, expected) in [(bare, meaning), (remarked, "\(meaning) (the picker closed)")] {
            let read = try JSONDecoder().decode(TimelineEntry.self, from: JSONEncoder().encode(entry))
            #expect(read.note == nil && read.statusDetail(in: spanish) == expected)
        }
    }
}

/// Step names: each step's English name in the catalogs is the one the cookbook step carries,
/// and every language names it.
@Suite struct StepTitleTests {
    static let steps = RestV2Steps.all + RestV1Steps.all + SDKSteps.all + CustomIdentityProviderSteps.all

    @Test func theCatalogsNameEveryStepAsTheCookbookDoesInEnglish() {
        for step in Self.steps {
            #expect(Strings.english.has(step.titleKey), "no \(step.titleKey)")
            #expect(Strings.english(step.titleKey) == step.title, "\(step.titleKey)")
        }
    }

    @Test func otherLanguagesTranslateTheCookbooksWordsButNotAnSDKCall() {
        let spanish = Strings.of(.spanish)
        #expect(RestV2Steps.all.first?.label(in: spanish).hasPrefix("A.1 recuperar") == true)
        #expect(SDKSteps.setRequestor.label(in: spanish) == SDKSteps.setRequestor.label)
    }
}
