import FlowCore
import FlowRuntime
import Foundation
import PassAPI
import VSASimulator

/// Keys on the simulated device: each screen's navigation, and the answer it sends to the runtime.
extension UIModel {
    mutating func handleDevice(_ key: Key) -> [UICommand] {
        guard let pending else { return [] }
        switch (pending.request, screen) {
        case (.home(let home), .home(let selection)):
            return homeKey(key, home: home, selection: selection, id: pending.id)
        case (.home, .settings(let selection)): return settingsKey(key, selection: selection, id: pending.id)
        case (.permission, .permission(let allowFocused)):
            return permissionKey(key, allowFocused: allowFocused, id: pending.id)
        case (.applePicker(let picker), .picker(let query, let selection)):
            return pickerKey(key, picker: picker, query: query, selection: selection, id: pending.id)
        case (.providerSignIn(_, let hints), .form(let username, let password, let focus)):
            return formKey(
                key, hints: hints, username: username, password: password, focus: focus, id: pending.id, web: false)
        case (.webLogin(let view), .form(let username, let password, let focus)):
            return formKey(
                key, hints: view.hints, username: username, password: password, focus: focus, id: pending.id, web: true)
        case (.mvpdPicker(let mvpds, _), .mvpdPicker(let query, let selection)):
            return mvpdKey(key, mvpds: mvpds, query: query, selection: selection, id: pending.id)
        case (.registrationCode(let code, _), .code(let chooser)):
            return codeKey(key, code: code, chooser: chooser, id: pending.id)
        case (.notice, .notice):
            return DeviceKeys.notice.action(for: key) == .ok ? answer(pending.id, .screen(.dismissNotice)) : []
        default:
            return []
        }
    }

    mutating func answer(_ id: Int, _ response: UserResponse) -> [UICommand] {
        pending = nil
        screen = .waiting
        return [.answer(id, response)]
    }

    mutating func homeKey(_ key: Key, home: HomeView, selection: Int, id: Int) -> [UICommand] {
        let rows = HomeRow.rows(home)
        homeSelection = selection
        switch DeviceKeys.home.action(for: key) {
        case .move(let delta): screen = .home(selection: min(rows.count - 1, max(0, selection + delta)))
        case .select:
            switch rows[min(selection, rows.count - 1)] {
            case .signIn: return answer(id, .act(.signIn))
            case .signOut: return answer(id, .act(.signOut))
            case .title(let item): return answer(id, .act(.play(item.id)))
            case .settings: screen = .settings(selection: settingsStart)
            }
        case .settings: screen = .settings(selection: settingsStart)
        case .launch: return answer(id, .act(.launch))
        case .foreground: return answer(id, .act(.foreground))
        case nil: break
        }
        return []
    }

    /// The row Settings opens on.
    var settingsStart: Int {
        SettingsRow.initialSelection(device: world.device, bundleId: lastHome?.setup.identity.bundleId ?? "")
    }

    mutating func settingsKey(_ key: Key, selection: Int, id: Int) -> [UICommand] {
        let rows = SettingsRow.rows(device: world.device, bundleId: lastHome?.setup.identity.bundleId ?? "")
        switch DeviceKeys.settings.action(for: key) {
        case .move(let delta): screen = .settings(selection: min(rows.count - 1, max(0, selection + delta)))
        case .back: screen = .home(selection: 0)
        case .select:
            let adjustment: Adjustment
            switch rows[min(selection, rows.count - 1)] {
            case .chooseProvider: adjustment = .signInToProvider
            case .removeProvider: adjustment = .signOutOfProvider
            case .permission(let status): adjustment = .setPermission(SettingsRow.toggled(status))
            case .forgetAnswer: adjustment = .setPermission(.notDetermined)
            case .expireSignIn: adjustment = .expireProviderSignIn
            case .expireProfiles: adjustment = .expireAdobeProfiles
            case .back:
                screen = .home(selection: 0)
                return []
            }
            // As in Apple's Settings, a change leaves Settings open: the app's next home
            // screen shows it again, on the same row.
            settingsReturn = selection
            return answer(id, .adjust(adjustment))
        case nil: break
        }
        return []
    }

    mutating func permissionKey(_ key: Key, allowFocused: Bool, id: Int) -> [UICommand] {
        switch DeviceKeys.permission.action(for: key) {
        case .switchButton: screen = .permission(allowFocused: !allowFocused)
        case .answer: return answer(id, .permission(allowed: allowFocused))
        case .dismiss: return answer(id, .permission(allowed: nil))
        case .allow: return answer(id, .permission(allowed: true))
        case .deny: return answer(id, .permission(allowed: false))
        case nil: break
        }
        return []
    }

    mutating func pickerKey(_ key: Key, picker: ProviderPicker, query: String, selection: Int, id: Int) -> [UICommand] {
        let rows = PickerRow.rows(picker, query: query)
        let selectable = { (index: Int) in rows[index].selectable }
        switch DeviceKeys.picker(platform).action(for: key) {
        case .move(let delta):
            screen = .picker(
                query: query, selection: moveSelection(selection, by: delta, count: rows.count, selectable: selectable))
        case .first:
            screen = .picker(
                query: query, selection: firstSelectable(from: 0, count: rows.count, selectable: selectable))
        case .last:
            let last = rows.indices.last { selectable($0) } ?? selection
            screen = .picker(query: query, selection: last)
        case .cancel: return answer(id, .picker(.cancel))
        case .pick:
            switch rows[min(selection, rows.count - 1)] {
            case .provider(let providerId, _): return answer(id, .picker(.provider(providerId)))
            case .other: return answer(id, .picker(.otherProvider))
            default: break
            }
        case .erase:
            screen = searched(String(query.dropLast()), picker: picker)
        case nil:
            if let character = key.printable { screen = searched(query + String(character), picker: picker) }
        }
        return []
    }

    /// Live search: the selection jumps to the first match.
    func searched(_ query: String, picker: ProviderPicker) -> DeviceScreen {
        let rows = PickerRow.rows(picker, query: query)
        return .picker(query: query, selection: firstSelectable(from: 0, count: rows.count) { rows[$0].selectable })
    }

    mutating func formKey(
        _ key: Key, hints: [CredentialHint], username: String, password: String, focus: Int, id: Int, web: Bool
    ) -> [UICommand] {
        // Focus: 0 user id, 1 password, 2 Sign In, 3 Cancel.
        switch DeviceKeys.form.action(for: key) {
        case .move(let delta):
            screen = .form(username: username, password: password, focus: min(3, max(0, focus + delta)))
        case .cancel: return answer(id, web ? .screen(.closeWebLogin) : .signIn(.cancel))
        case .confirm:
            if focus == 3 { return answer(id, web ? .screen(.closeWebLogin) : .signIn(.cancel)) }
            if focus == 2 || (focus == 1 && !username.isEmpty) {
                lastUsername = username
                return answer(
                    id,
                    web
                        ? .screen(.webLogin(username: username, password: password))
                        : .signIn(.credentials(username: username, password: password)))
            }
            screen = .form(username: username, password: password, focus: focus + 1)
        case .erase where focus == 0:
            screen = .form(username: String(username.dropLast()), password: password, focus: 0)
        case .erase where focus == 1:
            screen = .form(username: username, password: String(password.dropLast()), focus: 1)
        case .erase: break
        case .demoAccount:
            // F3 fills in the demo account whose user id is typed (after a wrong password, its
            // own); pressed again on a whole account, the next one.
            guard !hints.isEmpty else { break }
            let typed = hints.firstIndex { $0.username == username }
            let next =
                if let typed, hints[typed].password != password { typed } else {
                    (typed.map { $0 + 1 } ?? 0) % hints.count
                }
            screen = .form(username: hints[next].username, password: hints[next].password, focus: 2)
        case nil:
            guard let character = key.printable else { break }
            if focus == 0 { screen = .form(username: username + String(character), password: password, focus: 0) }
            if focus == 1 { screen = .form(username: username, password: password + String(character), focus: 1) }
        }
        return []
    }

    mutating func mvpdKey(_ key: Key, mvpds: [MvpdConfiguration], query: String, selection: Int, id: Int) -> [UICommand]
    {
        let rows = MvpdRow.rows(mvpds, query: query)
        switch DeviceKeys.mvpdPicker.action(for: key) {
        case .move(let delta):
            screen = .mvpdPicker(query: query, selection: min(max(0, rows.count - 1), max(0, selection + delta)))
        case .cancel: return answer(id, .screen(.mvpd(nil)))
        case .pick:
            guard rows.indices.contains(selection) else { return [] }
            return answer(id, .screen(.mvpd(rows[selection].id)))
        case .erase: screen = .mvpdPicker(query: String(query.dropLast()), selection: 0)
        case .first, .last: break
        case nil:
            if let character = key.printable { screen = .mvpdPicker(query: query + String(character), selection: 0) }
        }
        return []
    }

    mutating func codeKey(_ key: Key, code: RegistrationCode, chooser: Int?, id: Int) -> [UICommand] {
        let hints = personaHints(forMvpd: code.mvpd)
        if let chooser {
            switch DeviceKeys.codeChooser.action(for: key) {
            case .move(let delta): screen = .code(chooser: min(max(0, hints.count - 1), max(0, chooser + delta)))
            case .back: screen = .code(chooser: nil)
            case .signIn:
                guard hints.indices.contains(chooser) else { return [] }
                let hint = hints[chooser]
                return answer(
                    id,
                    .screen(.completeSecondScreen(username: hint.username, password: hint.password, mvpd: code.mvpd)))
            case nil: break
            }
            return []
        }
        switch DeviceKeys.code.action(for: key) {
        case .secondScreen: screen = .code(chooser: 0)
        case .newCode: return answer(id, .screen(.newCode))
        case .close: return answer(id, .screen(.closeCodeScreen))
        case nil: break
        }
        return []
    }

    /// Demo accounts for the second screen's sign-in.
    func personaHints(forMvpd mvpd: String?) -> [CredentialHint] {
        demoAccounts
    }
}
