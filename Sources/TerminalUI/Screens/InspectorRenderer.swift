import FlowCore
import FlowRuntime
import Foundation
import HTTPTypes
import Localization
import PassAPI

/// The inspector: tabs (timeline, detail of the selected entry, state of the world) and, below,
/// the step pane that names the cookbook step now running and explains it.
struct InspectorRenderer {
    let model: UIModel

    /// `stepText`: the Step pane's text, as the layout was sized for it.
    func draw(_ layout: ScreenLayout, stepText: StepPaneText?, _ canvas: inout Canvas) {
        let focused = model.focus == .inspector && model.overlay == nil
        let main = layout.inspectorMain
        canvas.box(main, Style(focused ? .focus : .muted))
        drawTabs(in: Rect(x: main.x + 2, y: main.y, width: main.width - 4, height: 1), &canvas)
        let content = layout.inspectorContent
        switch model.inspector.tab {
        case .timeline: drawTimeline(in: content, &canvas)
        case .detail, .state: drawLines(model.inspectorLines(width: content.width), in: content, &canvas)
        case .sequence: SequenceRenderer(model: model).draw(in: content, &canvas)
        }
        drawStep(stepText, in: layout.stepPane, &canvas)
    }

    func drawTabs(in rect: Rect, _ canvas: inout Canvas) {
        var x = rect.x
        let labels = InspectorModel.Tab.allCases.map { " \($0.rawValue) \($0.title(in: model.strings)) " }
        // The kinds are the timeline's own column values, so they stay as the rows show them.
        let kind = model.inspector.filter?.rawValue ?? model.strings("inspector.filter.all")
        let filter = model.strings("inspector.filter", ["kind": kind]) + " "
        // A filter that hides entries must be seen: it takes room from the titles.
        let filterRoom = model.inspector.filter != nil && model.inspector.tab.listsEntries ? DisplayWidth.of(filter) : 0
        // Where the titles do not all fit (80 columns, longer words in some languages), the tabs
        // not shown keep only their number, so no title is cut at the border.
        let fits = labels.reduce(0) { $0 + DisplayWidth.of($1) + 1 } + filterRoom <= rect.width
        for (tab, title) in zip(InspectorModel.Tab.allCases, labels) {
            let active = tab == model.inspector.tab
            let label = fits || active ? title : " \(tab.rawValue) "
            x =
                canvas.text(
                    label, at: x, rect.y, active ? Style(.text, on: .selection, bold: true) : Style(.muted), in: rect)
                + 1
        }
        if model.inspector.tab.listsEntries, rect.maxX - x > DisplayWidth.of(filter) {
            canvas.line(
                filter, in: Rect(x: x, y: rect.y, width: rect.maxX - x, height: 1), Style(.muted), align: .trailing)
        }
    }

    func drawTimeline(in rect: Rect, _ canvas: inout Canvas) {
        let entries = model.visibleTimeline
        guard !entries.isEmpty else {
            canvas.line(model.strings("inspector.empty"), in: rect.row(0), Style(.muted))
            return
        }
        let selected = model.inspector.selection ?? entries.count - 1
        let offset = ListRow.scrollOffset(selected: selected, count: entries.count, height: rect.height)
        for (index, entry) in entries.enumerated().dropFirst(offset).prefix(rect.height) {
            let row = rect.row(index - offset)
            let isSelected = index == selected && model.inspector.selection != nil
            let base = isSelected ? Style(.text, on: .selection) : Style(.text)
            if isSelected { canvas.fill(row, base) }
            let time = TimelineText.stamp(entry.time - model.startTime) + " "
            var x = canvas.text(time, at: row.x, row.y, isSelected ? base : Style(.muted), in: row)
            // The kind in its colour, the padding plain: an underline stays under the word.
            let kind = entry.kind.rawValue
            canvas.text(kind, at: x, row.y, isSelected ? base : Self.style(for: entry), in: row)
            x += max(9, DisplayWidth.of(kind) + 1)
            let title = Self.title(of: entry, width: row.maxX - x, strings: model.strings)
            canvas.text(title, at: x, row.y, base.bolded().with(entry.kind == .status), in: row)
            // A failed call's outcome (`→ 401`) in the error colour, like its kind.
            if !isSelected, entry.kind == .http, Self.style(for: entry).foreground == .error,
                let arrow = title.range(of: "→", options: .backwards)
            {
                // The status, without the duration after it.
                let status = String(title[arrow.lowerBound...]).components(separatedBy: "  ").first ?? ""
                canvas.text(
                    status, at: x + DisplayWidth.of(String(title[..<arrow.lowerBound])), row.y,
                    Style(.error, bold: true),
                    in: row)
            }
        }
    }

    /// An entry's title in `width` columns. An exchange keeps its status (what QA reads) and what
    /// names the call: its path loses its leading segments first (the API prefix and the
    /// requestor, shared by every call), down to its last two, then gives way to the call's
    /// operation name; only then does the duration go.
    static func title(of entry: TimelineEntry, width: Int, strings: Strings = .english) -> String {
        if entry.kind == .status, let status = entry.status {
            // The code first, then what it means here, as far as the row goes.
            let meaning = entry.statusDetail(in: strings) ?? status.meaning(in: strings)
            return DisplayWidth.truncate(meaning.isEmpty ? status.id : "\(status.id) · \(meaning)", to: width)
        }
        let duration = entry.durationMilliseconds.map { "  \(TimelineText.oneDecimal($0)) ms" } ?? ""
        guard entry.kind == .http, let arrow = entry.title.range(of: " → ", options: .backwards) else {
            // User and screen lines in the session's language.
            return DisplayWidth.truncate(entry.title(in: strings) + duration, to: width)
        }
        // An answer a fault rule shaped is marked, so that QA tells injected failures from real ones.
        let mark = entry.exchange?.responseHeader(HeaderName.fault) != nil ? "⚡" : ""
        let request = String(entry.title[..<arrow.lowerBound])
        let outcome = String(entry.title[arrow.lowerBound...])
        let paths = requestForms(request).map { mark + $0 }
        // The duration goes only once no form of the path fits with it; the operation's name
        // alone comes after every form of the path, as on every row that comes to it.
        let operation = entry.exchange?.operation.flatMap { $0.isEmpty ? nil : mark + $0 }
        for forms in [paths, operation.map { [$0] } ?? []] {
            for tail in [outcome + duration, outcome] {
                if let form = forms.first(where: { DisplayWidth.of($0 + tail) <= width }) { return form + tail }
            }
        }
        // Narrower than any form: the status, and as much of the operation as fits before it.
        let name = mark + (entry.exchange?.operation ?? request)
        let room = width - DisplayWidth.of(outcome)
        guard room >= 2 else { return DisplayWidth.truncate(String(outcome.dropFirst()), to: width) }
        return DisplayWidth.truncate(name, to: room) + outcome
    }

    /// `METHOD /path` from whole to shortest: the whole request, then its path without its
    /// leading segments, one more each time, down to its last two (`POST …/authorize/AuroraCable`).
    /// Past them a row shows the call's operation name alone (`decisions.authorize`), every row
    /// alike, so that a narrow timeline does not mix `POST dcr.token` with `dcr.register`.
    static func requestForms(_ request: String) -> [String] {
        var forms = [request]
        let parts = request.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return forms }
        let method = parts[0]
        let path = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = path.count > 1 ? "?…" : ""
        let segments = path[0].split(separator: "/")
        if segments.count > 2 {
            for dropped in 1...(segments.count - 2) {
                forms.append("\(method) …/\(segments.dropFirst(dropped).joined(separator: "/"))\(query)")
            }
        }
        return forms
    }

    static func style(for entry: TimelineEntry) -> Style {
        switch entry.kind {
        case .http: Style((entry.exchange?.status ?? 0) >= 400 || entry.exchange?.failure != nil ? .error : .accent)
        case .status: Style(entry.status?.level == .error ? .error : .warning, bold: true)
        case .step: Style(.success)
        case .callback: Style(.brand)
        case .vsa: Style(.code)
        case .user: Style(.focus)
        case .screen, .note: Style(.muted)
        }
    }

    func drawLines(_ lines: [(String, Style)], in rect: Rect, _ canvas: inout Canvas) {
        let scroll = min(model.inspector.detailScroll, max(0, lines.count - rect.height))
        for (index, line) in lines.dropFirst(scroll).prefix(rect.height).enumerated() {
            canvas.line(line.0, in: rect.row(index), line.1)
        }
        // The position goes on the pane's bottom border so that it never hides a line of text.
        if lines.count > rect.height {
            let indicator = " \(scroll + 1)–\(min(lines.count, scroll + rect.height))/\(lines.count) "
            let border = Rect(x: rect.x, y: rect.maxY, width: rect.width - 1, height: 1)
            canvas.line(indicator, in: border, Style(.muted), align: .trailing)
        }
    }

    /// The step that led to the explained row (the selected one, or the newest), its whole
    /// explanation when the pane can hold it, and the code reached. What does not fit ends in `…`
    /// and the border names the key that shows the whole text in Detail.
    func drawStep(_ text: StepPaneText?, in rect: Rect, _ canvas: inout Canvas) {
        let strings = model.strings
        canvas.box(rect, Style(.muted), title: strings("stepPane.title"))
        let inner = rect.inset(horizontal: 2, vertical: 1)
        guard let text else {
            canvas.paragraph(strings("stepPane.empty"), in: inner, Style(.muted))
            return
        }
        canvas.line(text.title, in: inner.row(0), Style(.success, bold: true))
        var status = Array(text.status.prefix(max(0, inner.height - 1)))
        if status.count < text.status.count, !status.isEmpty {
            status[status.count - 1] = text.status[(status.count - 1)...].joined(separator: " ")
        }
        let explanationRows = max(0, inner.height - 1 - status.count)
        var explanation = Array(text.explanation.prefix(explanationRows))
        let isCut = text.explanation.count > explanationRows
        if isCut, let last = explanation.last {
            explanation[explanation.count - 1] = DisplayWidth.truncate(last + " …", to: inner.width)
        }
        for (index, line) in explanation.enumerated() {
            canvas.line(line, in: inner.row(1 + index), Style(.text))
        }
        for (index, line) in status.enumerated() {
            canvas.line(line, in: inner.row(inner.height - status.count + index), Style(.warning))
        }
        if isCut {
            let border = Rect(x: rect.x + 1, y: rect.maxY - 1, width: rect.width - 3, height: 1)
            canvas.line(" \(strings("stepPane.more")) ", in: border, Style(.muted), align: .trailing)
        }
    }
}

extension Style {
    func with(_ bold: Bool) -> Style {
        var copy = self
        copy.bold = bold
        return copy
    }
}

/// The Detail tab: an HTTP exchange with its headers (the partner status and device info
/// decoded) and bodies (JSON pretty-printed), or any other entry's title and detail.
enum DetailText {
    /// The headings are in the session's language; what was sent and received stays as it was.
    /// `step` is the cookbook step that made the call: an exchange names it under its outcome.
    static func lines(for entry: TimelineEntry?, width: Int, strings: Strings = .english, step: CookbookStep? = nil)
        -> [(String, Style)]
    {
        guard let entry else { return [(strings("detail.empty"), Style(.muted))] }
        var lines: [(String, Style)] = []
        func add(_ text: String, _ style: Style = Style(.text)) {
            for line in DisplayWidth.wrap(text, to: max(1, width)) { lines.append((line, style)) }
        }
        guard let exchange = entry.exchange else {
            // Everything in the session's language: the step's explanation, the code's label and
            // meaning, and what the flow said about this occurrence.
            // A code's own line names it (and says whose code it is): its title would repeat that.
            if let status = entry.status {
                add(
                    "\(entry.statusLabel(in: strings) ?? status.id) (\(status.level.rawValue))",
                    Style(.warning, bold: true))
                add(status.meaning(in: strings), Style(.warning))
                if case .status(_, let remark?, _)? = entry.note {
                    add(remark.text(in: strings), Style(.muted))
                } else if entry.note == nil, let detail = entry.detail {
                    add(detail, Style(.muted))
                }
                return lines
            }
            add(entry.title(in: strings), Style(.text, bold: true))
            if let step = entry.step { add(step.explanation(in: strings)) }
            if let detail = entry.detail, detail != entry.step?.explanation { add(detail, Style(.muted)) }
            return lines
        }
        add("\(exchange.method) \(exchange.url)", Style(.text, bold: true))
        let outcome = exchange.status.map { "→ HTTP \($0)" } ?? "→ \(exchange.failure ?? "no response")"
        add(
            outcome + "  \(TimelineText.oneDecimal(exchange.durationMilliseconds)) ms  \(exchange.operation ?? "")",
            Style(.accent))
        if let step { add("\(strings("detail.step")): \(step.label(in: strings))", Style(.success)) }
        lines.append(("", Style(.text)))
        add(strings("detail.requestHeaders"), Style(.muted, bold: true))
        for header in exchange.requestHeaders {
            add("\(header.name.rawName): \(header.value)", Style(.code))
            if let decoded = decode(header) { add("  ↳ \(decoded)", Style(.success)) }
        }
        if let body = exchange.requestBody {
            add(strings("detail.requestBody"), Style(.muted, bold: true))
            for line in pretty(body) { add(line, Style(.text)) }
        }
        lines.append(("", Style(.text)))
        add(strings("detail.responseHeaders"), Style(.muted, bold: true))
        for header in exchange.responseHeaders { add("\(header.name.rawName): \(header.value)", Style(.code)) }
        if let body = exchange.responseBody {
            add(strings("detail.responseBody"), Style(.muted, bold: true))
            for line in pretty(body) { add(line, Style(.text)) }
        }
        return lines
    }

    /// The two Base64 JSON headers, decoded.
    static func decode(_ header: HTTPField) -> String? {
        switch header.name.canonicalName {
        case "ap-partner-framework-status":
            guard case .success(let status) = PartnerFrameworkStatus.parse(header.value) else {
                return "(cannot be decoded)"
            }
            let expiry = status.frameworkProviderInfo.expirationDate ?? "none"
            return "accessStatus=\(status.frameworkPermissionInfo.accessStatus?.rawValue ?? "absent") "
                + "provider=\(status.frameworkProviderInfo.id ?? "absent") expirationDate=\(expiry)"
        case "x-device-info":
            guard let data = Base64.decode(header.value) else { return "(not Base64)" }
            return String(decoding: data, as: UTF8.self)
        case "ap-device-identifier":
            guard case .success(let identifier) = DeviceIdentifier.parse(header.value) else { return nil }
            return "device id \(identifier.identifier)"
        default:
            return nil
        }
    }

    /// Foundation indents pretty JSON by 2 or by 4 spaces depending on the platform; the pane
    /// is narrow, so every level becomes 2 spaces.
    static func twoSpaceIndent(_ lines: [String]) -> [String] {
        let indents = lines.map { $0.prefix { $0 == " " }.count }
        guard let unit = indents.filter({ $0 > 0 }).min(), unit > 2 else { return lines }
        return zip(lines, indents).map { line, indent in
            String(repeating: " ", count: indent / unit * 2) + line.dropFirst(indent)
        }
    }

    /// JSON pretty-printed; forms one field per line; anything else as is.
    static func pretty(_ body: String) -> [String] {
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("["),
            let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)),
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        {
            return twoSpaceIndent(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
        }
        if !trimmed.contains(" "), trimmed.contains("="), !trimmed.hasPrefix("<") {
            return trimmed.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1)
                let value =
                    parts.count > 1
                    ? (String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
                        ?? String(parts[1])) : ""
                return "\(parts[0]) = \(value)"
            }
        }
        return trimmed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix(200).map { $0 }
    }
}

/// The State tab: the device, the app, and the back end's profiles with the time they have left.
enum StateText {
    /// In the session's language; identifiers, statuses and types stay as the protocol has them.
    static func lines(_ model: UIModel, width: Int) -> [(String, Style)] {
        let strings = model.strings
        var lines: [(String, Style)] = []
        func add(_ text: String, _ style: Style = Style(.text)) {
            lines.append((DisplayWidth.truncate(text, to: width), style))
        }
        func left(_ until: Int64) -> String {
            let seconds = (until - model.now) / 1000
            guard seconds > 0 else { return strings("state.expired") }
            return strings("state.left", ["duration": SettingsScreen.describe(seconds: seconds, strings)])
        }
        add(strings("state.device", ["platform": model.platform.displayName]), Style(.muted, bold: true))
        if let device = model.world.device {
            add("  id \(device.deviceIdentifier)")
            let bundle = model.lastHome?.setup.identity.bundleId ?? ""
            add("  " + strings("state.access", ["status": device.system.accessStatus(of: bundle).rawValue]))
            if let signIn = device.system.signIn {
                add(
                    "  "
                        + strings(
                            "state.signedIn",
                            [
                                "provider": signIn.providerId, "user": signIn.userDisplayName,
                                "left": left(signIn.expiresAt),
                            ]))
            } else {
                add("  " + strings("state.notSignedIn"))
            }
            let registered = device.apps[bundle]?.clientCredentials != nil
            add("  " + strings(registered ? "state.credentials.registered" : "state.credentials.none"))
        }
        add(strings("state.app"), Style(.muted, bold: true))
        if let app = model.lastHome?.app {
            switch app.authentication {
            case .authenticated(let mvpd, let type, let notAfter):
                add("  \(mvpd) · \(type.rawValue) · \(left(notAfter))")
            case .notAuthenticated: add("  " + strings("state.notAuthenticated"))
            case .unknown: add("  " + strings("state.notLaunched"))
            }
            if let playing = app.playing, playing.tokenNotAfter > 0 {
                add(
                    "  "
                        + strings(
                            "state.mediaToken", ["resource": playing.resource, "left": left(playing.tokenNotAfter)]))
            }
            let unlocked = app.unlocked.filter(\.value).keys.sorted()
            if !unlocked.isEmpty {
                add("  " + strings("state.preauthorized", ["resources": unlocked.joined(separator: ", ")]))
            }
        }
        add(strings("state.backEnd", ["url": "\(model.world.baseURL)"]), Style(.muted, bold: true))
        add("  " + strings("state.sessions", ["count": "\(model.world.serverSessions)"]))
        for profile in model.world.serverProfiles {
            add(
                "  \(profile.mvpd) · \(profile.profile.type.rawValue) · \(profile.persona ?? "-") · \(left(profile.profile.notAfter))",
                Style(profile.expired ? .muted : .text))
        }
        if model.world.serverProfiles.isEmpty { add("  " + strings("state.noProfiles")) }
        if !model.warnings.isEmpty {
            add(strings("state.warnings"), Style(.warning, bold: true))
            // Whole, wrapped: a warning names a file, a line and a field.
            for warning in model.warnings {
                for line in DisplayWidth.wrap("  \(warning)", to: max(1, width)) {
                    lines.append((line, Style(.warning)))
                }
            }
        }
        return lines
    }
}
