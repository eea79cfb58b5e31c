import FlowCore
import FlowRuntime
import Foundation
import Localization
import PassAPI
import VSASimulator

/// A system alert: title, message, buttons side by side.
struct AlertScreen {
    let title: String
    let message: String
    let buttons: [String]
    let focused: Int
    /// tvOS: the alert fills the screen, its buttons stacked, the last one (the action) on top.
    var fullScreen = false

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        if fullScreen {
            drawFullScreen(in: rect, &canvas)
            return
        }
        let width = min(rect.width, 34)
        let inner = width - 4
        let titleLines = DisplayWidth.wrap(title, to: inner)
        let messageLines = message.isEmpty ? [] : DisplayWidth.wrap(message, to: inner)
        let height = min(rect.height, titleLines.count + messageLines.count + 5)
        let box = rect.centered(width: width, height: height)
        canvas.fill(box, Style(.text, on: .surface))
        canvas.box(box, Style(.muted, on: .surface), rounded: true)
        var y = box.y + 1
        for line in titleLines where y < box.maxY - 2 {
            canvas.line(
                line, in: Rect(x: box.x + 2, y: y, width: inner, height: 1), Style(.text, on: .surface, bold: true),
                align: .center)
            y += 1
        }
        for line in messageLines where y < box.maxY - 3 {
            y += line == messageLines.first ? 1 : 0
            canvas.line(
                line, in: Rect(x: box.x + 2, y: y, width: inner, height: 1), Style(.text, on: .surface), align: .center)
            y += 1
        }
        let labels = buttons.map { " \($0) " }
        let total = labels.reduce(0) { $0 + DisplayWidth.of($1) } + (labels.count - 1) * 2
        var x = box.x + max(1, (width - total) / 2)
        let row = box.maxY - 2
        for (index, label) in labels.enumerated() {
            let style =
                index == focused
                ? Style(.text, on: .selection, bold: true)
                : Style(.accent, on: .surface, bold: index == labels.count - 1)
            x = canvas.text(label, at: x, row, style, in: box) + 2
        }
    }

    /// As tvOS shows an alert: over the whole screen, the title and message centred, and the
    /// buttons one above another at one width, the focused one lit.
    func drawFullScreen(in rect: Rect, _ canvas: inout Canvas) {
        canvas.fill(rect, Style(.text, on: .surface))
        let inner = max(1, min(rect.width - 4, 48))
        let column = Rect(x: rect.x + (rect.width - inner) / 2, y: rect.y, width: inner, height: rect.height)
        let titleLines = DisplayWidth.wrap(title, to: inner)
        let messageLines = message.isEmpty ? [] : DisplayWidth.wrap(message, to: inner)
        let stack = Array(buttons.indices.reversed())
        let height = titleLines.count + messageLines.count + 2 + stack.count * 2
        var y = rect.y + max(0, (rect.height - height) / 2)
        for line in titleLines where y < rect.maxY {
            canvas.line(line, in: column.row(y - rect.y), Style(.text, on: .surface, bold: true), align: .center)
            y += 1
        }
        y += 1
        for line in messageLines where y < rect.maxY {
            canvas.line(line, in: column.row(y - rect.y), Style(.text, on: .surface), align: .center)
            y += 1
        }
        y += 1
        let buttonWidth = min(inner, (buttons.map(DisplayWidth.of).max() ?? 0) + 12)
        for index in stack where y < rect.maxY {
            let button = Rect(x: rect.x + (rect.width - buttonWidth) / 2, y: y, width: buttonWidth, height: 1)
            let style =
                index == focused ? Style(.text, on: .selection, bold: true) : Style(.accent, on: .background)
            canvas.fill(button, style)
            canvas.line(buttons[index], in: button, style, align: .center)
            y += 2
        }
    }
}

/// The right-edge index of an iOS list in A–Z sections: search, the letters and `#`, with dots
/// standing for the letters left out when the list is shorter than the alphabet (as iOS does).
struct SectionIndex {
    /// The letter of the section the selection is in.
    let current: String?

    static let entries =
        ["⌕"]
        + (UnicodeScalar("A").value...UnicodeScalar("Z").value).map {
            String(Character(UnicodeScalar($0)!))
        } + ["#"]

    /// The entries that fit `height` rows: all of them, or every other kept one with a dot between.
    static func shown(in height: Int) -> [String] {
        guard height < entries.count else { return entries }
        let kept = max(2, (height + 1) / 2)
        let picks = (0..<kept).map { entries[$0 * (entries.count - 1) / (kept - 1)] }
        return picks.flatMap { [$0, "•"] }.dropLast()
    }

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        let shown = Self.shown(in: rect.height)
        let top = rect.y + max(0, (rect.height - shown.count) / 2)
        for (offset, entry) in shown.enumerated() where top + offset < rect.maxY {
            let style = entry == current ? Style(.accent, bold: true, reverse: true) : Style(.accent)
            canvas.line(entry, in: Rect(x: rect.x, y: top + offset, width: 1, height: 1), style)
        }
    }
}

/// Apple's TV-provider picker. On tvOS it fills the screen and the Menu button (esc) goes back.
struct PickerScreen {
    let picker: ProviderPicker
    let query: String
    let selection: Int
    let isTV: Bool
    let strings: Strings
    /// The app's name and the title waiting to play, for the header.
    let appName: String

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        var y = rect.y
        let titleRow = rect.row(0)
        let cancel = isTV ? "" : strings("picker.cancel")
        if !cancel.isEmpty { canvas.line(cancel, in: titleRow, Style(.accent)) }
        let title = strings("picker.title")
        canvas.line(
            title, in: Self.titleRect(after: cancel, in: titleRow, title: DisplayWidth.of(title)),
            Style(.text, bold: true))
        y += 1
        let search = Rect(x: rect.x, y: y, width: rect.width, height: 1)
        canvas.fill(search, Style(.text, on: .surface))
        let shown = query.isEmpty ? "⌕ \(strings("picker.search"))" : "⌕ \(query)▏"
        canvas.line(shown, in: search, Style(query.isEmpty ? .muted : .text, on: .surface))
        y += 1
        y += canvas.paragraph(
            headerText, in: Rect(x: rect.x, y: y, width: rect.width, height: 5), Style(.muted),
            align: isTV ? .center : .leading)
        // Notes (the footer, the privacy link) wrap over as many rows as they need; the selection
        // follows its row.
        var rows: [ListRow] = []
        var selected = selection
        let pickerRows = PickerRow.rows(picker, query: query, strings: strings)
        // iOS: the section index down the right edge, while the whole list shows.
        let indexed = !isTV && query.isEmpty && rect.width > 20
        let listWidth = indexed ? rect.width - 2 : rect.width
        for (index, row) in pickerRows.enumerated() {
            if index == selection { selected = rows.count }
            guard case .note(let text) = row else {
                rows.append(listRow(row))
                continue
            }
            for line in DisplayWidth.wrap(text, to: max(1, listWidth - 2)) {
                rows.append(ListRow(line, style: Style(.muted, dim: true), selectable: false))
            }
        }
        let listRect = Rect(x: rect.x, y: y, width: listWidth, height: rect.maxY - y)
        if indexed {
            let current = PickerRow.section(containing: selection, in: pickerRows)
            SectionIndex(current: current).draw(
                in: Rect(x: rect.maxX - 1, y: y, width: 1, height: rect.maxY - y), &canvas)
        }
        canvas.list(
            rows, selected: selected, in: listRect,
            selectionStyle: isTV ? Style(.text, on: .focus, bold: true) : Style(.text, on: .selection, bold: true))
    }

    var headerText: String {
        if picker.inSettings { return strings("picker.settingsHeader") }
        guard let title = picker.videoTitle else { return strings("picker.header", ["app": appName]) }
        return strings("picker.headerWithTitle", ["app": appName, "title": title])
    }

    func listRow(_ row: PickerRow) -> ListRow {
        switch row {
        case .header(let title): return .header(title)
        case .provider(_, let name): return ListRow(name)
        case .other: return ListRow(strings("picker.other"), style: Style(.accent))
        case .note(let text): return ListRow(text, style: Style(.muted, dim: true), selectable: false)
        }
    }
}

extension PickerScreen {
    /// Where the navigation bar's title goes: centred on the bar as Apple centres it, or just
    /// after `leading` (Cancel) with a space where centring would run into it; cut with `…` when
    /// even that does not fit.
    static func titleRect(after leading: String, in bar: Rect, title width: Int) -> Rect {
        let reserved = leading.isEmpty ? 0 : DisplayWidth.of(leading) + 1
        let x = max((bar.width - width) / 2, reserved)
        return Rect(x: bar.x + x, y: bar.y, width: max(0, bar.width - x), height: 1)
    }
}

/// A sign-in form: the provider's (system UI) or the MVPD's web page in the app's web view.
struct FormScreen {
    let title: String
    let subtitle: String
    let error: String?
    let hints: [CredentialHint]
    let username: String
    let password: String
    let focus: Int
    let system: Bool
    let strings: Strings

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        var y = rect.y
        if !system {
            let bar = rect.row(0)
            // As Safari's view shows a page: Done, and the site's host (plain HTTP marked as such).
            let done = strings("webView.done")
            let beside = DisplayWidth.of(done) + 2
            canvas.fill(bar, Style(.muted, on: .surface))
            canvas.line(done, in: bar, Style(.accent, on: .surface, bold: true))
            canvas.line(
                subtitle, in: Rect(x: bar.x + beside, y: bar.y, width: max(0, bar.width - beside), height: 1),
                Style(.muted, on: .surface), align: .center)
            y += 1
        } else {
            canvas.line(subtitle, in: rect.row(0), Style(.muted), align: .center)
            y += 1
        }
        y += canvas.paragraph(
            title, in: Rect(x: rect.x, y: y, width: rect.width, height: 2), Style(.brand, bold: true), align: .center)
        y += 1
        if let error {
            y += canvas.paragraph(
                error, in: Rect(x: rect.x, y: y, width: rect.width, height: 2), Style(.error, bold: true))
        }
        // The labels share one column, as wide as the longer of them in this language.
        let labels = (user: strings("signIn.userId"), password: strings("signIn.password"))
        let labelWidth = max(10, max(DisplayWidth.of(labels.user), DisplayWidth.of(labels.password)) + 1)
        canvas.field(
            label: labels.user, value: username, secure: false, focused: focus == 0,
            in: Rect(x: rect.x, y: y, width: rect.width, height: 1), labelWidth: labelWidth)
        y += 2
        canvas.field(
            label: labels.password, value: password, secure: true, focused: focus == 1,
            in: Rect(x: rect.x, y: y, width: rect.width, height: 1), labelWidth: labelWidth)
        y += 2
        var x = rect.x
        x = canvas.button(strings("signIn.submit"), at: x, y, focused: focus == 2, primary: true, clip: rect) + 2
        _ = canvas.button(strings("signIn.cancel"), at: x, y, focused: focus == 3, clip: rect)
        y += 2
        guard !hints.isEmpty, y < rect.maxY else { return }
        canvas.line(
            strings("signIn.demoAccounts"), in: Rect(x: rect.x, y: y, width: rect.width, height: 1),
            Style(.muted, bold: true))
        y += 1
        for hint in hints.prefix(7) where y < rect.maxY {
            let text = "\(hint.username)/\(hint.password)" + (hint.note(in: strings).map { " · \($0)" } ?? "")
            canvas.line(text, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), Style(.muted))
            y += 1
        }
    }
}

/// The app's own MVPD picker (the regular flow).
struct MvpdPickerScreen {
    let appName: String
    let mvpds: [MvpdConfiguration]
    let query: String
    let selection: Int
    let strings: Strings
    /// Why single sign-on gave way to this picker, when the app has something to say about it
    /// (the provider did not answer, the framework failed): said above the list.
    var problem: HomeProblem? = nil

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        canvas.line(appName.uppercased(), in: rect.row(0), Style(.brand, bold: true), align: .center)
        canvas.line(strings("appPicker.title"), in: rect.row(1), Style(.text, bold: true), align: .center)
        var rect = rect
        if let problem, let key = problem.pickerMessageKey {
            let text =
                problem.isAdvice ? problem.message(strings, appName: appName) : "⚠ \(strings(key)) (\(problem.code))"
            let lines = DisplayWidth.wrap(text, to: rect.width).prefix(3)
            for (offset, line) in lines.enumerated() {
                canvas.line(line, in: rect.row(2 + offset), Style(problem.isAdvice ? .muted : .warning))
            }
            rect = Rect(x: rect.x, y: rect.y + lines.count, width: rect.width, height: rect.height - lines.count)
        }
        let search = rect.row(2)
        canvas.fill(search, Style(.text, on: .surface))
        canvas.line(
            query.isEmpty ? strings("appPicker.filter") : "\(query)▏", in: search,
            Style(query.isEmpty ? .muted : .text, on: .surface))
        let rows = MvpdRow.rows(mvpds, query: query).map { ListRow($0.displayName) }
        let list = Rect(x: rect.x, y: rect.y + 3, width: rect.width, height: rect.height - 3)
        if rows.isEmpty {
            canvas.line(strings("appPicker.noMatch", ["query": query]), in: list.row(0), Style(.muted))
        } else {
            canvas.list(rows, selected: selection, in: list)
        }
    }
}

/// The registration code for a second screen: the code in large letters, the activation URL,
/// the time left and the polling status.
struct CodeScreen {
    let code: RegistrationCode
    let activationURL: String
    let now: Int64
    let appName: String
    let chooser: Int?
    let accounts: [CredentialHint]
    let isTV: Bool
    let strings: Strings

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        var y = rect.y
        func center(_ text: String, _ style: Style) {
            guard y < rect.maxY else { return }
            canvas.line(text, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), style, align: .center)
            y += 1
        }
        center(strings("codeScreen.title", ["app": appName]), Style(.brand, bold: true))
        y += 1
        for line in DisplayWidth.wrap(strings("codeScreen.goTo"), to: rect.width) { center(line, Style(.muted)) }
        center(activationURL, Style(.accent, bold: true, underline: true))
        for line in DisplayWidth.wrap(strings("codeScreen.enterCode"), to: rect.width) { center(line, Style(.muted)) }
        y += 1
        // The block letters are for the room; the plain code below is for reading it out and copying.
        if let big = BigText.rows(code.code, maxWidth: rect.width) {
            for row in big { center(row, Style(.text, bold: true)) }
        }
        center(code.code.map(String.init).joined(separator: " "), Style(.code, bold: true))
        y += 1
        let left = max(0, code.notAfter - now) / 1000
        let expired = code.status == .expired || (code.notAfter > 0 && left == 0)
        if expired {
            // The app's own status already says it, with what to do next; say it once.
            let message = code.status == .expired ? strings(code.status.key) : strings("codeScreen.expired")
            for line in DisplayWidth.wrap(message, to: rect.width - 2) { center(line, Style(.error)) }
        } else {
            let time = "\(left / 60):\(TimelineText.padded(Int64(left % 60), 2))"
            center(strings("codeScreen.expiresIn", ["time": time]), Style(.warning))
            for line in DisplayWidth.wrap(strings(code.status.key), to: rect.width - 2) { center(line, Style(.muted)) }
        }
        center(strings("codeScreen.checks", ["count": String(code.polls)]), Style(.muted))
        guard let chooser, y < rect.maxY - 1 else { return }
        y += 1
        center(strings("codeScreen.chooser"), Style(.text, bold: true))
        let rows = accounts.map { ListRow("\($0.username)" + ($0.note(in: strings).map { " · \($0)" } ?? "")) }
        canvas.list(rows, selected: chooser, in: Rect(x: rect.x, y: y, width: rect.width, height: rect.maxY - y))
    }
}

/// Settings → TV Provider (Settings → Accounts → TV Provider on tvOS).
struct SettingsScreen {
    let device: SimulatedDevice?
    let home: HomeView
    let selection: Int
    let now: Int64
    let platform: DevicePlatform
    let strings: Strings
    /// MVPD and provider ids → names: Settings shows the provider by its name.
    let providerNames: [String: String]

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        let title = DisplayWidth.fitPath(strings("settings.title.\(platform.rawValue)"), to: rect.width)
        canvas.line(title, in: rect.row(0), Style(.text, bold: true))
        var y = rect.y + 2
        func info(_ text: String, _ style: Style = Style(.text)) {
            guard y < rect.maxY else { return }
            canvas.line(text, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), style)
            y += 1
        }
        if let signIn = device?.system.signIn {
            info(providerNames[signIn.identityProvider] ?? signIn.providerId, Style(.accent, bold: true))
            info(strings("settings.account", ["name": signIn.userDisplayName]))
            let left = (signIn.expiresAt - now) / 1000
            info(
                left > 0
                    ? strings("settings.expiresIn", ["time": Self.describe(seconds: left, strings)])
                    : strings("settings.expired"),
                Style(left > 0 ? .muted : .error))
        } else {
            info(strings("settings.notSignedIn"), Style(.muted))
        }
        y += 1
        let rows = SettingsRow.rows(device: device, bundleId: home.setup.identity.bundleId).map { row -> ListRow in
            switch row {
            case .chooseProvider: ListRow(strings("settings.chooseProvider"), style: Style(.accent))
            case .removeProvider: ListRow(strings("settings.remove"), style: Style(.error))
            case .permission(let status):
                ListRow(
                    strings("settings.access", ["app": home.setup.identity.displayName]),
                    trailing: strings("settings.switch.\(status.rawValue)"))
            case .forgetAnswer:
                ListRow(
                    strings("settings.forgetAccess", ["app": home.setup.identity.displayName]), style: Style(.warning))
            case .expireSignIn: ListRow(strings("settings.expireSignIn"), style: Style(.warning))
            case .expireProfiles: ListRow(strings("settings.expireProfiles"), style: Style(.warning))
            case .back: ListRow(strings("settings.back"), style: Style(.muted))
            }
        }
        canvas.list(rows, selected: selection, in: Rect(x: rect.x, y: y, width: rect.width, height: rect.maxY - y))
    }

    static func describe(seconds: Int64, _ strings: Strings) -> String {
        if seconds >= 86_400 {
            return strings("duration.days", ["days": "\(seconds / 86_400)", "hours": "\(seconds % 86_400 / 3_600)"])
        }
        if seconds >= 3_600 {
            return strings("duration.hours", ["hours": "\(seconds / 3_600)", "minutes": "\(seconds % 3_600 / 60)"])
        }
        return strings("duration.minutes", ["minutes": "\(seconds / 60)", "seconds": "\(seconds % 60)"])
    }
}

extension CredentialHint {
    /// The persona's note: a built-in persona's in the user's language, one a dashboard wrote
    /// as it was written.
    func note(in strings: Strings) -> String? {
        guard let note else { return nil }
        let key = "persona.note.\(username)"
        return Strings.english(key) == note ? strings(key) : note
    }
}
