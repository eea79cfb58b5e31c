import FlowCore
import FlowRuntime
import Foundation
import Localization
import PassAPI
import VSASimulator

/// The rows of each list screen, shared by key handling (what Enter does) and drawing.
enum HomeRow: Equatable {
    case signIn
    case signOut
    case title(CatalogItem)
    case settings

    static func rows(_ home: HomeView) -> [HomeRow] {
        let account: HomeRow = home.app.authentication.isAuthenticated ? .signOut : .signIn
        return [account] + home.setup.catalog.map(HomeRow.title) + [.settings]
    }
}

enum PickerRow: Equatable {
    case header(String)
    case provider(id: String, name: String)
    case other
    case note(String)

    var selectable: Bool {
        switch self {
        case .provider, .other: true
        case .header, .note: false
        }
    }

    /// The letter of the A–Z section a row is in (nil in the featured section).
    static func section(containing index: Int, in rows: [PickerRow]) -> String? {
        guard rows.indices.contains(index) else { return nil }
        for row in rows[...index].reversed() {
            if case .header(let title) = row { return title.count == 1 ? title : nil }
        }
        return nil
    }

    /// Featured providers, then A–Z sections, then "Other TV Provider" and the footer; search
    /// filters the providers and keeps "Other TV Provider".
    static func rows(_ picker: ProviderPicker, query: String, strings: Strings = .english) -> [PickerRow] {
        var rows: [PickerRow] = []
        for section in picker.sections(matching: query) {
            rows.append(.header(section.isFeatured ? strings("picker.featured") : section.title))
            rows += section.rows.map { .provider(id: $0.id, name: $0.name) }
        }
        if rows.isEmpty { rows.append(.note(strings("picker.noResults", ["query": query]))) }
        // "Other TV Provider" is an app's way out to its own picker; Settings has none.
        if !picker.inSettings { rows.append(.other) }
        rows.append(.note(strings("picker.footer")))
        rows.append(.note(strings("picker.privacy")))
        return rows
    }
}

enum MvpdRow {
    /// The app's own picker, A–Z, filtered by what the user typed.
    static func rows(_ mvpds: [MvpdConfiguration], query: String) -> [MvpdConfiguration] {
        // Fold each name once: this runs on every redraw of the picker.
        let keyed = mvpds.map { (mvpd: $0, key: ProviderPicker.fold($0.displayName)) }.sorted { $0.key < $1.key }
        let trimmed = ProviderPicker.fold(query.trimmingCharacters(in: .whitespaces))
        return keyed.filter { trimmed.isEmpty || $0.key.contains(trimmed) }.map(\.mvpd)
    }
}

enum SettingsRow: Equatable {
    /// On a device signed in to no provider: choose one and sign in, for every app.
    case chooseProvider
    case removeProvider
    /// The app's access, a switch as in Apple's Settings.
    case permission(VSASimulator.AccessStatus)
    /// Back to "not asked", so that the app asks again (a tester's row: Apple has none).
    case forgetAnswer
    case expireSignIn
    case expireProfiles
    case back

    static func rows(device: SimulatedDevice?, bundleId: String) -> [SettingsRow] {
        var rows: [SettingsRow] = []
        rows += device?.system.signIn != nil ? [.removeProvider, .expireSignIn] : [.chooseProvider]
        let access = device?.system.accessStatus(of: bundleId) ?? .notDetermined
        rows.append(.permission(access))
        if access == .granted || access == .denied { rows.append(.forgetAnswer) }
        rows += [.expireProfiles, .back]
        return rows
    }

    /// Where Settings opens: on the app's access, never on "Remove TV Provider", so that a
    /// quick `g ⏎` cannot sign the device out.
    static func initialSelection(device: SimulatedDevice?, bundleId: String) -> Int {
        rows(device: device, bundleId: bundleId).firstIndex {
            if case .permission = $0 { true } else { false }
        } ?? 0
    }

    /// The switch flipped: on turns off; off, not asked or restricted turn on.
    static func toggled(_ status: VSASimulator.AccessStatus) -> VSASimulator.AccessStatus {
        status == .granted ? .denied : .granted
    }
}

/// Moves a selection to the next selectable row in a direction, staying put at the ends.
func moveSelection(_ current: Int, by delta: Int, count: Int, selectable: (Int) -> Bool) -> Int {
    guard count > 0 else { return 0 }
    var index = current
    var steps = abs(delta)
    let step = delta > 0 ? 1 : -1
    while steps > 0 {
        var probe = index + step
        while probe >= 0, probe < count, !selectable(probe) { probe += step }
        guard probe >= 0, probe < count else { break }
        index = probe
        steps -= 1
    }
    return index
}

/// The first selectable row at or after `index`.
func firstSelectable(from index: Int, count: Int, selectable: (Int) -> Bool) -> Int {
    var probe = max(0, index)
    while probe < count, !selectable(probe) { probe += 1 }
    return probe < count ? probe : max(0, min(index, count - 1))
}
