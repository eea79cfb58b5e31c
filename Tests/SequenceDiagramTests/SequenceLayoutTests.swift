import FlowCore
import FlowRuntime
import Foundation
import Localization
import PassAPI
import Testing

@testable import SequenceDiagram

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A short Apple SSO session, written entry by entry as the runtime writes it.
enum SampleSession {
    static func timeline() -> Timeline {
        let timeline = Timeline(now: { 1_800_000_000_000 })
        timeline.append(.user, TimelinePhrase("user.launch", party: .app))
        timeline.record(.step(CookbookStep.named("C.5", in: "rest-v2")!))
        timeline.record(
            HTTPExchange(
                id: 1, method: "POST", url: "http://127.0.0.1:8080/api/v2/ORBIT/sessions/sso/Apple", status: 200,
                startedAt: 1_800_000_000_000, durationMilliseconds: 5))
        timeline.append(.vsa, "enqueue(VSAccountMetadataRequest)", route: .appToFramework)
        timeline.append(.screen, TimelinePhrase("screen.applePicker", party: .framework))
        timeline.append(.user, TimelinePhrase("user.picksProvider", ["provider": "Aurora Cable"], party: .framework))
        timeline.record(
            HTTPExchange(
                id: 2, method: "POST", url: "/idp/AuroraCable/vsa/sign-in", status: 401,
                startedAt: 1_800_000_000_000))
        timeline.append(.vsa, "→ VSAccountMetadata", route: .frameworkAnswer)
        timeline.record(.status(.otherProvider, details: nil, origin: .sdk))
        return timeline
    }

    static var diagram: SequenceDiagram { SequenceDiagram(entries: timeline().entries) }
}

@Suite struct SequenceDiagramTests {
    @Test func eachEntryIsOneRowBetweenItsParties() {
        let diagram = SampleSession.diagram
        #expect(diagram.lanes.map(\.party) == [.user, .app, .framework, .adobe, .mvpd])
        #expect(
            diagram.rows.map(\.shape) == [
                .arrow(from: .user, to: .app, answer: false),
                .band,
                .arrow(from: .app, to: .adobe, answer: false),
                .arrow(from: .app, to: .framework, answer: false),
                .arrow(from: .framework, to: .user, answer: false),
                .arrow(from: .user, to: .framework, answer: false),
                .arrow(from: .framework, to: .mvpd, answer: false),
                .arrow(from: .framework, to: .app, answer: true),
                .note(.app),
            ])
        #expect(diagram.rows.map(\.entryID) == Array(1...9))
    }

    @Test func anExchangeIsNamedByItsShortPathAndItsOutcome() {
        let rows = SampleSession.diagram.rows
        #expect(rows[2].forms == ["POST /sessions/sso/Apple", "POST …/sso/Apple", "sso.sessions"])
        #expect(rows[2].outcome == "200")
        #expect(rows[2].tone == .call)
        #expect(rows[6].forms == ["POST /vsa/sign-in", "idp.vsa.signin"])
        #expect(rows[6].tone == .failure)
        #expect(rows[8].forms[0] == "N003 · " + StatusCode.otherProvider.meaning)
    }

    @Test func aLaneWithoutEventsIsLeftOut() {
        let timeline = Timeline(now: { 0 })
        timeline.record(
            HTTPExchange(id: 1, method: "GET", url: "/api/v2/ORBIT/configuration", status: 200, startedAt: 0))
        #expect(SequenceDiagram(entries: timeline.entries).lanes.map(\.party) == [.app, .adobe])
        #expect(SequenceDiagram(entries: []).lanes.map(\.party) == [.app])
    }

    @Test func callsOfUnknownHostsGoToAnotherServer() {
        let exchange = HTTPExchange(id: 1, method: "GET", url: "https://cdn.example/x.json", status: 200, startedAt: 0)
        #expect(TimelineParty.route(of: exchange) == TimelineRoute(.app, .other))
        let page = HTTPExchange(id: 2, method: "GET", url: "/activate", status: 200, startedAt: 0)
        #expect(TimelineParty.route(of: page) == TimelineRoute(.browser, .adobe))
    }

    @Test func lanesAreNamedInTheSessionsLanguage() {
        let diagram = SequenceDiagram(entries: SampleSession.timeline().entries, strings: .of(.simplifiedChinese))
        #expect(diagram.lanes.map(\.name).first == Strings.of(.simplifiedChinese)("sequence.lane.user"))
        #expect(diagram.lanes.map(\.name).first != "User")
    }
}

@Suite struct SequenceLayoutTests {
    static func text(_ line: SequenceLayout.Line) -> String { line.map(\.text).joined() }

    @Test func arrowsPointFromCallerToCallee() {
        let diagram = SampleSession.diagram
        let layout = SequenceLayout(lanes: diagram.lanes, width: 60)
        let lines = diagram.rows.map { Self.text(layout.line($0)) }
        let user = layout.columns[.user]!
        let app = layout.columns[.app]!
        let adobe = layout.columns[.adobe]!
        let call = Array(lines[2])
        #expect(call[app] == "├")
        #expect(call[adobe - 1] == "▶")
        #expect(call[user] == "│")
        let screen = Array(lines[4])
        #expect(screen[user + 1] == "◀")
        #expect(screen[layout.columns[.framework]!] == "┤")
        // An answer is dashed.
        #expect(lines[7].contains("╌"))
        #expect(!lines[3].contains("╌"))
        // A code sits on the app's lane.
        #expect(Array(lines[8])[app] == "◆")
    }

    @Test func everyLineFitsItsWidth() {
        let diagram = SampleSession.diagram
        for width in [24, 40, 61, 78, 200] {
            let layout = SequenceLayout(lanes: diagram.lanes, width: width)
            for line in layout.header + diagram.rows.map(layout.line) {
                #expect(TerminalColumns.of(Self.text(line)) <= width, "\(width): \(Self.text(line))")
            }
        }
    }

    @Test func aNarrowLabelKeepsItsOutcomeAndEndsInAnEllipsis() {
        let diagram = SampleSession.diagram
        let layout = SequenceLayout(lanes: diagram.lanes, width: 40)
        let call = Self.text(layout.line(diagram.rows[2]))
        #expect(call.hasSuffix("sso.sessions → 200"), "\(call)")
        let narrow = SequenceLayout(lanes: diagram.lanes, width: 26)
        let cut = Self.text(narrow.line(diagram.rows[2]))
        #expect(cut.hasSuffix("… → 200"), "\(cut)")
    }

    @Test func theHeaderNamesEveryLaneWholeWhereThreeLinesAllowIt() {
        let diagram = SampleSession.diagram
        let layout = SequenceLayout(lanes: diagram.lanes, width: 40)
        let header = layout.header.map(Self.text).joined(separator: "\n")
        for lane in diagram.lanes { #expect(header.contains(lane.name), "\(lane.name) in\n\(header)") }
        #expect(layout.header.count <= 3)
        let wide = SequenceLayout(lanes: diagram.lanes, width: 110)
        #expect(wide.header.count < layout.header.count)
    }

    @Test func wideCharactersAreMeasuredByColumns() {
        let diagram = SequenceDiagram(entries: SampleSession.timeline().entries, strings: .of(.simplifiedChinese))
        let layout = SequenceLayout(lanes: diagram.lanes, width: 40)
        for line in layout.header + diagram.rows.map(layout.line) {
            #expect(TerminalColumns.of(Self.text(line)) <= 40)
        }
    }

    /// The text form, whole, as `tvsim run --sequence text` prints it.
    @Test func theTextFormMatchesItsSnapshot() throws {
        let text = SequenceText.render(SampleSession.diagram, width: 80)
        try Snapshot.check(text, named: "sample-80.txt")
    }
}

@Suite struct SequenceExportTests {
    @Test func mermaidDeclaresEveryParticipantAndDrawsEveryArrowBetweenThem() {
        let text = SequenceMermaid.render(SampleSession.diagram, title: "sample")
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "sequenceDiagram")
        let declared = Set(lines.filter { $0.hasPrefix("participant ") }.map { $0.split(separator: " ")[1] })
        #expect(declared == ["user", "app", "framework", "adobe", "mvpd"])
        let arrows = lines.filter { $0.contains(">>") || $0.contains("--x") }
        // A call and its answer for each exchange, one arrow for every other row.
        #expect(arrows.count == 9)
        for arrow in arrows {
            let ends = arrow.split(separator: ":")[0].split(whereSeparator: { "-x>".contains($0) })
            #expect(ends.count == 2 && ends.allSatisfy { declared.contains($0) }, "\(arrow)")
        }
        #expect(lines.contains("mvpd--xframework: 401"))
        #expect(lines.contains("Note over user,mvpd: C.5 " + CookbookStep.named("C.5", in: "rest-v2")!.title))
    }

    @Test func mermaidLabelsCannotEndAStatement() {
        #expect(SequenceMermaid.text("a;b#c<d>") == "a#59;b#35;c#lt;d#gt;")
        #expect(SequenceMermaid.text("line\nbreak") == "line^Jbreak")
    }

    @Test func theSVGIsWellFormedAndFetchesNothing() throws {
        let timeline = SampleSession.timeline()
        timeline.append(.note, "<script>alert(1)</script> & \u{1B}[2J \u{FFFF}")
        let svg = SequenceSVG.render(SequenceDiagram(entries: timeline.entries), title: "a \"quoted\" title")
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("href"))
        #expect(!svg.contains("@import") && !svg.contains("url(http"))
        #expect(svg.contains("prefers-color-scheme: dark"))
        #expect(svg.contains("&lt;script&gt;"))
    }
}

/// Text snapshots beside this file; `TVSIM_RECORD=1 swift test` rewrites them after a
/// deliberate change.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Snapshots__")

    static func check(_ text: String, named name: String) throws {
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TVSIM_RECORD"] == "1" {
            try Data(text.utf8).write(to: file)
            return
        }
        let recorded = try #require(
            try? String(contentsOf: file, encoding: .utf8), "no snapshot \(name); record with TVSIM_RECORD=1")
        #expect(text == recorded)
    }
}
