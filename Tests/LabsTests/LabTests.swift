import Conformance
import Foundation
import HTTPTypes
import Localization
import LocatedJSON
import PassAPI
import Testing

@testable import Labs

@Suite struct LabCatalogTests {
    @Test func everyBuiltInLabReadsAndTheIndexListsThemAll() throws {
        let labs = try LabCatalog.all()
        #expect(labs.map(\.name) == LabCatalog.files.map(\.name))
        #expect(labs.map(\.name).contains("rest-v2-second-screen"))
        #expect(LabCatalog.indexMismatches.isEmpty, "\(LabCatalog.indexMismatches)")
        for lab in labs {
            #expect(Set(lab.goals.map(\.id)).count == lab.goals.count)
        }
    }

    /// The checklist, its hints and the summary are in the five languages: every built-in lab has
    /// its words in each of the other four, for every goal.
    @Test func everyBuiltInLabSpeaksEveryLanguage() throws {
        for lab in try LabCatalog.all() {
            for language in Language.allCases where language != .english {
                let translation = try #require(lab.translations[language.rawValue], "\(lab.name): no \(language)")
                #expect(translation.title != lab.title, "\(lab.name) \(language)")
                #expect(Set(translation.goals.keys) == Set(lab.goals.map(\.id)), "\(lab.name) \(language)")
            }
            let goal = lab.goals[0]
            #expect(lab.words(of: goal, in: "es").title == lab.translations["es"]?.goals[goal.id]?.title)
            #expect(lab.words(of: goal, in: "fr").title == goal.title)
        }
    }

    static func refusal(_ text: String) -> String? {
        do {
            _ = try Lab.parse(text, file: "labs/mine.json")
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func lab(goal: String) -> String {
        #"{"title": "t", "summary": "s", "integration": "rest-v2", "goals": [\#(goal)]}"#
    }

    static let hint = #""hint": {"request": "GET /x", "headers": [], "fields": [], "text": "t"}"#

    @Test func aMistakeNamesTheFileTheLineAndTheField() throws {
        let unknownCall = Self.refusal(
            Self.lab(
                goal: #"{"id": "a", "step": "A.1", "title": "t", "calls": ["dcr.regster"], "rules": [], \#(Self.hint)}"#
            ))
        #expect(unknownCall?.contains("labs/mine.json:1") == true, "\(unknownCall ?? "")")
        #expect(unknownCall?.contains("'dcr.regster' is not a call") == true, "\(unknownCall ?? "")")
        let unknownRule = Self.refusal(
            Self.lab(
                goal:
                    #"{"id": "a", "step": "A.1", "title": "t", "calls": ["dcr.register"], "rules": ["NOPE"], \#(Self.hint)}"#
            ))
        #expect(unknownRule?.contains("'NOPE' is not a rule") == true, "\(unknownRule ?? "")")
        let unknownField = Self.refusal(
            Self.lab(
                goal:
                    #"{"id": "a", "step": "A.1", "title": "t", "calls": ["dcr.register"], "rules": [], "rule": [], \#(Self.hint)}"#
            ))
        #expect(unknownField?.contains("rule") == true, "\(unknownField ?? "")")
        let twice = Self.refusal(
            #"{"title": "t", "summary": "s", "integration": "rest-v2", "goals": [{"id": "a", "step": "A.1", "title": "t", "calls": ["dcr.register"], "rules": [], \#(Self.hint)}, {"id": "a", "step": "A.3", "title": "t", "calls": ["dcr.token"], "rules": [], \#(Self.hint)}]}"#
        )
        #expect(twice?.contains("two goals are named 'a'") == true, "\(twice ?? "")")
        #expect(
            Self.refusal(
                Self.lab(
                    goal:
                        #"{"id": "a", "step": "A.1", "title": "t", "calls": ["dcr.register"], "rules": [], \#(Self.hint)}"#
                )) == nil)
    }
}

@Suite struct LabGradeTests {
    static let device = "fingerprint bGFi"

    static func exchange(_ id: Int, _ method: String, _ path: String, _ status: Int, body: String? = nil)
        -> HTTPExchange
    {
        var headers = HTTPFields()
        headers[HTTPField.Name("AP-Device-Identifier")!] = device
        return HTTPExchange(
            id: id, method: method, url: path, requestHeaders: headers, status: status, responseBody: body,
            startedAt: Int64(id) * 4000)
    }

    static let lab = try! Lab.parse(
        #"""
        {"title": "t", "summary": "s", "integration": "rest-v2", "goals": [
          {"id": "config", "step": "C.1", "title": "configuration", "calls": ["configuration"], "rules": [],
           "hint": {"request": "GET", "headers": [], "fields": [], "text": "t"}},
          {"id": "throttled", "step": "BA.3", "title": "a 429", "calls": ["profiles.code"], "statuses": [429],
           "rules": [], "hint": {"request": "GET", "headers": [], "fields": [], "text": "t"}},
          {"id": "profile", "step": "BA.3", "title": "the profile", "calls": ["profiles.code"],
           "answerHas": "/profiles/*", "rules": [], "hint": {"request": "GET", "headers": [], "fields": [], "text": "t"}}
        ]}
        """#, file: "t.json")

    @Test func goalsAreMetInOrderByTheirCallsStatusesAndAnswers() {
        let exchanges = [
            Self.exchange(1, "GET", "/api/v2/ORBIT/configuration", 200),
            Self.exchange(2, "GET", "/api/v2/ORBIT/profiles/code/A", 200, body: #"{"profiles":{}}"#),
            Self.exchange(3, "GET", "/api/v2/ORBIT/profiles/code/A", 429),
            Self.exchange(4, "GET", "/api/v2/ORBIT/profiles/code/A", 200, body: #"{"profiles":{"Cascade":{}}}"#),
        ]
        let grades = LabGrade.grade(Self.lab, exchanges: exchanges)
        #expect(grades.count == 1)
        let outcomes = grades[0].results.map(\.outcome)
        #expect(outcomes == [.met(exchanges[0]), .met(exchanges[2]), .met(exchanges[3])])
        #expect(grades[0].passed)
        // A goal not met stays pending; the goals after it are still met by the calls after the
        // last goal that was (a skipped step does not hide what the trainee did next).
        let untroubled = LabGrade.grade(Self.lab, exchanges: [exchanges[0], exchanges[1], exchanges[3]])
        #expect(untroubled[0].results.map(\.outcome) == [.met(exchanges[0]), .pending, .met(exchanges[3])])
        #expect(LabReport.unmet(untroubled) == ["throttled (BA.3 a 429)"])
        // A profile answered before the configuration does not meet a goal that comes after it.
        let beforeConfiguration = Self.exchange(
            0, "GET", "/api/v2/ORBIT/profiles/code/A", 200, body: #"{"profiles":{"Cascade":{}}}"#)
        let early = LabGrade.grade(Self.lab, exchanges: [beforeConfiguration, exchanges[0]])
        #expect(early[0].results.map(\.outcome) == [.met(exchanges[0]), .pending, .pending])
    }

    @Test func aPathHoldsOnlyWhatIsThere() {
        #expect(LabGrade.holds("/profiles/*", in: #"{"profiles":{"Cascade":{"a":1}}}"#))
        #expect(!LabGrade.holds("/profiles/*", in: #"{"profiles":{}}"#))
        #expect(!LabGrade.holds("/profiles/*", in: "not json"))
        #expect(!LabGrade.holds("/profiles/*", in: nil))
        #expect(LabGrade.holds("/a/1", in: #"{"a":[0,5]}"#))
        #expect(!LabGrade.holds("/a/2", in: #"{"a":[0,5]}"#))
    }
}
