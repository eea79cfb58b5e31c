import FlowCore
import FlowRuntime
import Foundation
import PassAPI
import VSASimulator

/// A system alert: title, message, buttons side by side.
struct AlertScreen {
    let title: String
    let message: String
    let buttons: [String]
    let focused: Int

    func draw(in rect: Rect, _ canvas: inout Canvas) {
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
}

/// Apple's TV-provider picker. On tvOS it fills the screen and the Menu button (esc) goes back.
struct PickerScreen {
    let picker: ProviderPicker
    let query: String
    let selection: Int
    let isTV: Bool

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        var y = rect.y
        let titleRow = rect.row(0)
        if !isTV { canvas.line("Cancel", in: titleRow, Style(.accent)) }
        canvas.line(picker.title, in: titleRow, Style(.text, bold: true), align: .center)
        y += 1
        let search = Rect(x: rect.x, y: y, width: rect.width, height: 1)
        canvas.fill(search, Style(.text, on: .surface))
        let shown = query.isEmpty ? "⌕ \(SystemStrings.searchPlaceholder)" : "⌕ \(query)▏"
        canvas.line(shown, in: search, Style(query.isEmpty ? .muted : .text, on: .surface))
        y += 1
        let header = DisplayWidth.wrap(picker.header, to: rect.width).prefix(2)
        for line in header {
            canvas.line(
                line, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), Style(.muted),
                align: isTV ? .center : .leading)
            y += 1
        }
        let rows = PickerRow.rows(picker, query: query).map(listRow)
        let listRect = Rect(x: rect.x, y: y, width: rect.width, height: rect.maxY - y)
        canvas.list(
            rows, selected: selection, in: listRect,
            selectionStyle: isTV ? Style(.text, on: .focus, bold: true) : Style(.text, on: .selection, bold: true))
    }

    func listRow(_ row: PickerRow) -> ListRow {
        switch row {
        case .header(let title): return .header(title)
        case .provider(_, let name): return ListRow(name)
        case .other: return ListRow(picker.otherRowTitle, style: Style(.accent))
        case .note(let text): return ListRow(text, style: Style(.muted, dim: true), selectable: false)
        }
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

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        var y = rect.y
        if !system {
            let bar = rect.row(0)
            canvas.fill(bar, Style(.muted, on: .surface))
            canvas.line("Done  " + subtitle, in: bar, Style(.muted, on: .surface))
            y += 1
        } else {
            canvas.line(subtitle, in: rect.row(0), Style(.muted), align: .center)
            y += 1
        }
        for line in DisplayWidth.wrap(title, to: rect.width).prefix(2) {
            canvas.line(
                line, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), Style(.brand, bold: true), align: .center
            )
            y += 1
        }
        y += 1
        if let error {
            for line in DisplayWidth.wrap(error, to: rect.width).prefix(2) {
                canvas.line(line, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), Style(.error, bold: true))
                y += 1
            }
        }
        canvas.field(
            label: "User ID", value: username, secure: false, focused: focus == 0,
            in: Rect(x: rect.x, y: y, width: rect.width, height: 1))
        y += 2
        canvas.field(
            label: "Password", value: password, secure: true, focused: focus == 1,
            in: Rect(x: rect.x, y: y, width: rect.width, height: 1))
        y += 2
        var x = rect.x
        x = canvas.button("Sign In", at: x, y, focused: focus == 2, primary: true, clip: rect) + 2
        _ = canvas.button("Cancel", at: x, y, focused: focus == 3, clip: rect)
        y += 2
        guard !hints.isEmpty, y < rect.maxY else { return }
        canvas.line(
            "Demo accounts (F3 fills one in)", in: Rect(x: rect.x, y: y, width: rect.width, height: 1),
            Style(.muted, bold: true))
        y += 1
        for hint in hints.prefix(7) where y < rect.maxY {
            let text = "\(hint.username)/\(hint.password)" + (hint.note.map { " · \($0)" } ?? "")
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

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        canvas.line(appName.uppercased(), in: rect.row(0), Style(.brand, bold: true), align: .center)
        canvas.line("Choose your TV provider", in: rect.row(1), Style(.text, bold: true), align: .center)
        let search = rect.row(2)
        canvas.fill(search, Style(.text, on: .surface))
        canvas.line(
            query.isEmpty ? "Type to filter" : "\(query)▏", in: search,
            Style(query.isEmpty ? .muted : .text, on: .surface))
        let rows = MvpdRow.rows(mvpds, query: query).map { ListRow($0.displayName) }
        let list = Rect(x: rect.x, y: rect.y + 3, width: rect.width, height: rect.height - 3)
        if rows.isEmpty {
            canvas.line("No provider matches “\(query)”", in: list.row(0), Style(.muted))
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

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        var y = rect.y
        func center(_ text: String, _ style: Style) {
            guard y < rect.maxY else { return }
            canvas.line(text, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), style, align: .center)
            y += 1
        }
        center("Sign in to \(appName)", Style(.brand, bold: true))
        y += 1
        center("On your phone or computer, go to", Style(.muted))
        center(activationURL, Style(.accent, bold: true, underline: true))
        center("and enter this code:", Style(.muted))
        y += 1
        // The block letters are for the room; the plain code below is for reading it out and copying.
        if let big = BigText.rows(code.code, maxWidth: rect.width) {
            for row in big { center(row, Style(.text, bold: true)) }
        }
        center(code.code.map(String.init).joined(separator: " "), Style(.code, bold: true))
        y += 1
        let left = max(0, code.notAfter - now) / 1000
        let expired = code.status.contains("expired") || (code.notAfter > 0 && left == 0)
        if expired {
            // The app's own status already says it, with what to do next; say it once.
            let message = code.status.contains("expired") ? code.status : "This code has expired."
            for line in DisplayWidth.wrap(message, to: rect.width - 2) { center(line, Style(.error)) }
        } else {
            center("Expires in \(left / 60):\(TimelineText.padded(Int64(left % 60), 2))", Style(.warning))
            center(code.status, Style(.muted))
        }
        center("\(code.polls) check\(code.polls == 1 ? "" : "s") so far", Style(.muted))
        guard let chooser, y < rect.maxY - 1 else { return }
        y += 1
        center("Sign in on a second screen as:", Style(.text, bold: true))
        let rows = accounts.map { ListRow("\($0.username)" + ($0.note.map { " · \($0)" } ?? "")) }
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

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        canvas.line(
            platform == .ios ? "Settings › TV Provider" : "Settings › Accounts › TV Provider", in: rect.row(0),
            Style(.text, bold: true))
        var y = rect.y + 2
        func info(_ text: String, _ style: Style = Style(.text)) {
            guard y < rect.maxY else { return }
            canvas.line(text, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), style)
            y += 1
        }
        if let signIn = device?.system.signIn {
            info(signIn.providerId, Style(.accent, bold: true))
            info("Account: \(signIn.userDisplayName)")
            let left = (signIn.expiresAt - now) / 1000
            info(
                left > 0 ? "Expires in \(Self.describe(seconds: left))" : "Sign-in expired",
                Style(left > 0 ? .muted : .error))
        } else {
            info("Not signed in to a TV provider", Style(.muted))
        }
        y += 1
        let rows = SettingsRow.rows(device: device, bundleId: home.setup.identity.bundleId).map { row -> ListRow in
            switch row {
            case .removeProvider: ListRow("Remove TV Provider", style: Style(.error))
            case .permission(let status):
                ListRow("\(home.setup.identity.displayName) access", trailing: status.rawValue)
            case .expireSignIn: ListRow("Expire the sign-in now", style: Style(.warning))
            case .expireProfiles: ListRow("Expire Adobe profiles (back end)", style: Style(.warning))
            case .back: ListRow("‹ Back", style: Style(.muted))
            }
        }
        canvas.list(rows, selected: selection, in: Rect(x: rect.x, y: y, width: rect.width, height: rect.maxY - y))
    }

    static func describe(seconds: Int64) -> String {
        if seconds >= 86_400 { return "\(seconds / 86_400) d \(seconds % 86_400 / 3_600) h" }
        if seconds >= 3_600 { return "\(seconds / 3_600) h \(seconds % 3_600 / 60) min" }
        return "\(seconds / 60) min \(seconds % 60) s"
    }
}
