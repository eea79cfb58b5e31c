import FlowCore
import FlowRuntime
import Foundation
import Localization
import PassAPI
import VSASimulator

/// The simulated device: a phone or a TV frame, and inside it the screen the runtime asked for.
struct DeviceRenderer {
    let model: UIModel

    var isTV: Bool { model.platform == .tvos }
    var strings: Strings { model.strings }

    func draw(in pane: Rect, _ canvas: inout Canvas) {
        if let lab = model.lab {
            LabPane(
                progress: lab, baseURL: model.watching?.baseURL,
                focused: model.focus == .device && model.overlay == nil,
                strings: strings
            ).draw(in: pane, &canvas)
            return
        }
        if let watching = model.watching {
            WatchPane(summary: watching, focused: model.focus == .device && model.overlay == nil, strings: strings)
                .draw(in: pane, &canvas)
            return
        }
        let focused = model.focus == .device && model.overlay == nil
        let frameStyle = Style(focused ? .focus : .muted).lineArt()
        let frame: Rect
        if isTV {
            frame = pane.inset(horizontal: 1, vertical: 0).splitTop(pane.height - 1).top
            canvas.box(frame, frameStyle, title: "Apple TV", heavy: true)
            canvas.line("▔▔▔▔▔▔▔▔", in: pane.row(pane.height - 1), Style(.muted), align: .center)
        } else {
            // A phone keeps its shape; in presenter view it is drawn wider for the room.
            let width = min(pane.width - 2, model.presenting ? 54 : 38)
            frame = Rect(x: pane.x + (pane.width - width) / 2, y: pane.y, width: width, height: pane.height)
            canvas.box(frame, frameStyle, rounded: true)
            canvas.line("▬▬▬", in: frame.row(0).inset(horizontal: 1, vertical: 0), frameStyle, align: .center)
        }
        var screen = frame.inset(horizontal: 2, vertical: 1)
        if !isTV {
            drawStatusBar(in: screen.row(0), &canvas)
            screen = screen.splitTop(1).bottom
        }
        drawScreen(in: screen, &canvas)
    }

    func drawStatusBar(in rect: Rect, _ canvas: inout Canvas) {
        canvas.line(Renderer.clockText(model.now).prefix(5).description, in: rect, Style(.text, bold: true))
        canvas.line("▂▄▆ 5G ▮▮▮▯", in: rect, Style(.muted), align: .trailing)
    }

    func drawScreen(in rect: Rect, _ canvas: inout Canvas) {
        guard let request = model.shownRequest else {
            drawWaiting(in: rect, &canvas)
            return
        }
        switch (request, model.screen) {
        case (.home(let home), .home(let selection)):
            HomeScreen(
                home: home, selection: selection, isTV: isTV, providerNames: model.providerNames,
                problem: model.homeProblem, notOpened: model.appNotOpened, strings: strings
            ).draw(
                in: rect, &canvas)
        case (.home(let home), .settings(let selection)):
            SettingsScreen(
                device: model.world.device, home: home, selection: selection, now: model.now, platform: model.platform,
                strings: strings, providerNames: model.providerNames
            )
            .draw(in: rect, &canvas)
        case (.permission(let prompt), .permission(let allowFocused)):
            drawBehind(in: rect, &canvas)
            AlertScreen(
                title: strings("alert.title", ["app": prompt.appName]), message: usageDescription(prompt),
                buttons: [strings("alert.deny"), strings("alert.allow")], focused: allowFocused ? 1 : 0,
                fullScreen: isTV
            ).draw(in: rect, &canvas)
        case (.applePicker(let picker), .picker(let query, let selection)):
            PickerScreen(
                picker: picker, query: query, selection: selection, isTV: isTV, strings: strings, appName: model.appName
            ).draw(in: rect, &canvas)
        case (.providerSignIn(let prompt, let hints), .form(let username, let password, let focus)):
            FormScreen(
                title: strings("signIn.title", ["provider": prompt.providerName]), subtitle: strings("signIn.subtitle"),
                error: prompt.error, hints: hints, username: username, password: password, focus: focus, system: true,
                strings: strings
            ).draw(in: rect, &canvas)
        case (.webLogin(let view), .form(let username, let password, let focus)):
            FormScreen(
                title: view.title, subtitle: Self.address(of: view.url, strings), error: view.error,
                hints: view.hints, username: username, password: password, focus: focus, system: false,
                strings: strings
            ).draw(in: rect, &canvas)
        case (.mvpdPicker(let mvpds, _), .mvpdPicker(let query, let selection)):
            MvpdPickerScreen(
                appName: model.appName, mvpds: mvpds, query: query, selection: selection, strings: strings,
                problem: model.homeProblem
            ).draw(in: rect, &canvas)
        case (.registrationCode(let code, let url), .code(let chooser)):
            CodeScreen(
                code: code, activationURL: url, now: model.now, appName: model.appName, chooser: chooser,
                accounts: model.demoAccounts, isTV: isTV, strings: strings
            ).draw(in: rect, &canvas)
        case (.notice(let notice, _), .notice):
            drawBehind(in: rect, &canvas)
            let text = notice.text(in: strings)
            AlertScreen(
                title: text.title, message: text.message, buttons: [strings("notice.ok")], focused: 0, fullScreen: isTV
            ).draw(in: rect, &canvas)
        default:
            drawWaiting(in: rect, &canvas)
        }
    }

    /// A page's address as a web view's bar shows it: the host alone, and plain HTTP said to be
    /// not secure.
    static func address(of page: String, _ strings: Strings) -> String {
        guard let url = URL(string: page), let host = url.host else { return page }
        return url.scheme == "https" ? host : strings("webView.notSecure", ["host": host])
    }

    /// The app's usage description. The built-in one is the app's own text, translated as an app
    /// translates its Info.plist; one a scenario wrote stays as written.
    func usageDescription(_ prompt: PermissionPrompt) -> String {
        let builtIn = Strings.english("app.usageDescription", ["app": prompt.appName])
        return prompt.message == builtIn ? strings("app.usageDescription", ["app": prompt.appName]) : prompt.message
    }

    /// The app's home behind an alert; before the first home screen, the app's name.
    func drawBehind(in rect: Rect, _ canvas: inout Canvas) {
        if let home = model.lastHome {
            HomeScreen(
                home: home, selection: nil, isTV: isTV, providerNames: model.providerNames,
                problem: model.homeProblem, notOpened: model.appNotOpened, strings: strings
            ).draw(
                in: rect, &canvas)
        } else if rect.height > 2 {
            canvas.line(
                model.appName.uppercased(), in: rect.row(rect.height / 3), Style(.brand, bold: true), align: .center)
        }
    }

    func drawWaiting(in rect: Rect, _ canvas: inout Canvas) {
        drawBehind(in: rect, &canvas)
        if let failure = model.worldFailure {
            drawWorldFailure(failure, in: rect, &canvas)
            return
        }
        let activity =
            model.backendStarting
            ? strings("device.startingBackend") : strings(model.lastHome?.app.activity?.key ?? "activity.working")
        let frames = ["◐", "◓", "◑", "◒"]
        let spinner = frames[Int((model.now / 250) % 4)]
        let label = model.ending == nil ? "\(spinner) \(activity)…" : endingText
        let row = rect.row(rect.height / 2)
        canvas.fill(row, Style(.text, on: .surface))
        canvas.line(label, in: row, Style(.accent, on: .surface, bold: true), align: .center)
    }

    /// Why there is no world, whole: the device has nothing else to show.
    func drawWorldFailure(_ reason: String, in rect: Rect, _ canvas: inout Canvas) {
        let text = rect.inset(horizontal: 1, vertical: 0)
        let heading = DisplayWidth.wrap(strings("device.notStarted"), to: text.width)
        let because = DisplayWidth.wrap(reason, to: text.width)
        let top = text.y + max(0, (text.height - heading.count - because.count - 1) / 2)
        canvas.fill(
            Rect(x: rect.x, y: top, width: rect.width, height: heading.count + because.count + 1),
            Style(.text, on: .surface))
        for (index, line) in heading.enumerated() {
            canvas.line(
                line, in: text.row(top - text.y + index), Style(.error, on: .surface, bold: true), align: .center)
        }
        for (index, line) in because.enumerated() {
            canvas.line(
                line, in: text.row(top - text.y + heading.count + 1 + index), Style(.text, on: .surface), align: .center
            )
        }
    }

    var endingText: String {
        switch model.ending {
        case .crashed: strings("device.crashed")
        case .runaway: strings("device.runaway")
        default: strings("device.over")
        }
    }
}

/// The streaming app's home: brand, who is signed in, the catalog with lock marks, actions.
struct HomeScreen {
    let home: HomeView
    let selection: Int?
    let isTV: Bool
    /// MVPD ids → names: the app shows the provider by its name, as real apps do.
    let providerNames: [String: String]
    /// A failure to tell the user about, if nothing more recent replaced it.
    let problem: HomeProblem?
    /// Nothing has happened yet: the line says how to start.
    let notOpened: Bool
    let strings: Strings

    func draw(in rect: Rect, _ canvas: inout Canvas) {
        var y = rect.y
        canvas.line(
            home.setup.identity.displayName.uppercased(), in: Rect(x: rect.x, y: y, width: rect.width, height: 1),
            Style(.brand, bold: true), align: isTV ? .center : .leading)
        y += 1
        // Who is signed in is worth two rows rather than a cut name.
        y += canvas.paragraph(
            accountLine, in: Rect(x: rect.x, y: y, width: rect.width, height: 2), Style(.muted),
            align: isTV ? .center : .leading)
        canvas.rule(Rect(x: rect.x, y: y, width: rect.width, height: 1), Style(.muted))
        y += 1
        let rows = HomeRow.rows(home).map { listRow($0, width: rect.width) }
        let messageRows = statusLines(width: rect.width)
        let listHeight = max(1, rect.maxY - y - messageRows.count)
        canvas.list(rows, selected: selection, in: Rect(x: rect.x, y: y, width: rect.width, height: listHeight))
        for (index, line) in messageRows.enumerated() {
            canvas.line(
                line.text, in: Rect(x: rect.x, y: rect.maxY - messageRows.count + index, width: rect.width, height: 1),
                line.style)
        }
    }

    var accountLine: String {
        switch home.app.authentication {
        case .unknown: return strings(notOpened ? "home.openHint" : "home.opening")
        case .notAuthenticated: return strings("home.notSignedIn")
        case .authenticated(let mvpd, let type, _):
            let key =
                type == .appleSSO
                ? "home.signedIn.appleSSO"
                : type == .degraded
                    ? "home.signedIn.degraded" : type == .temporary ? "home.signedIn.temporary" : "home.signedIn"
            return strings(key, ["provider": providerNames[mvpd] ?? mvpd])
        }
    }

    func listRow(_ row: HomeRow, width: Int) -> ListRow {
        switch row {
        case .signIn: return ListRow(strings("home.signIn"), style: Style(.accent, bold: true))
        case .signOut: return ListRow(strings("home.signOut"), style: Style(.accent))
        case .settings:
            let path = strings(isTV ? "settings.title.tvos" : "settings.title.ios")
            return ListRow(DisplayWidth.fitPath(path, to: width - 2), style: Style(.muted))
        case .title(let item):
            let mark: String
            if item.free {
                mark = strings("home.free")
            } else {
                switch home.app.unlocked[item.id] {
                case true?: mark = "✓"
                case false?: mark = strings("home.locked")
                case nil: mark = home.app.authentication.isAuthenticated ? "…" : strings("home.locked")
                }
            }
            let playing = home.app.playing?.resource == item.id ? "▶ " : ""
            return ListRow(playing + item.title, trailing: mark, style: Style(.text))
        }
    }

    func statusLines(width: Int) -> [(text: String, style: Style)] {
        var lines: [(String, Style)] = []
        if let denial = home.app.lastDenial {
            // An app shows the service's code beside its words, and no code where it speaks for itself.
            let code = denial.code.isEmpty ? "" : " (\(denial.code))"
            for line in DisplayWidth.wrap("✗ \(denial.message.text(in: strings))\(code)", to: width).prefix(3) {
                lines.append((line, Style(.error)))
            }
        } else if let playing = home.app.playing {
            let title = home.setup.item(playing.resource)?.title ?? playing.resource
            lines.append((strings("home.playing", ["title": title]), Style(.success, bold: true)))
        } else if let problem, problem.isAdvice {
            let text = problem.message(strings, appName: home.setup.identity.displayName)
            for line in DisplayWidth.wrap(text, to: width).prefix(3) { lines.append((line, Style(.muted))) }
        } else if let problem {
            for line in DisplayWidth.wrap("⚠ \(strings(problem.messageKey)) (\(problem.code))", to: width).prefix(3) {
                lines.append((line, Style(.error)))
            }
        }
        return lines
    }
}
