import Foundation

/// Apple's TV-provider picker as data: header, featured providers, the A–Z list, "Other TV
/// Provider" and the footer. Search filtering lives here so every front end filters alike.
public struct ProviderPicker: Sendable, Equatable {
    public struct Row: Sendable, Equatable, Identifiable {
        public let id: String
        public let name: String
        /// The name folded for search and sorting, and its index letter: computed once, since
        /// every keystroke in the search field filters the whole list.
        let folded: String
        let letter: String

        init(id: String, name: String) {
            self.id = id
            self.name = name
            folded = ProviderPicker.fold(name)
            letter = ProviderPicker.indexLetter(folded: folded)
        }
    }

    public struct Section: Sendable, Equatable {
        /// `Featured`, a letter, or `#`.
        public let title: String
        public let rows: [Row]
        /// The featured providers, whose title the screen says in its language.
        public var isFeatured = false
    }

    public let header: String
    /// The title the app asked the picker to name (`localizedVideoTitle`), if any.
    public let videoTitle: String?
    public let featured: [Row]
    /// Every listed provider, A–Z.
    public let all: [Row]
    /// Settings › TV Provider, where the user signs the device in for every app: no app asked,
    /// and no "Other TV Provider" row (an app's fallback).
    public var inSettings = false

    /// The picker Settings shows on a device signed in to no provider: every provider, A–Z.
    public init(settings catalog: ProviderCatalog) {
        header = SystemStrings.settingsPickerHeader
        videoTitle = nil
        all = catalog.providers.map { Row(id: $0.id, name: $0.name) }.sorted { $0.folded < $1.folded }
        featured = []
        inSettings = true
    }

    init(request: MetadataRequest, catalog: ProviderCatalog, app: AppIdentity) {
        header = SystemStrings.pickerHeader(app: app.displayName, videoTitle: request.localizedVideoTitle)
        videoTitle = request.localizedVideoTitle
        let supported = Set(request.supportedAccountProviderIdentifiers)
        let listed = catalog.providers.filter { supported.isEmpty || supported.contains($0.id) }
        all = listed.map { Row(id: $0.id, name: $0.name) }.sorted { $0.folded < $1.folded }
        let byId = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        featured = request.featuredAccountProviderIdentifiers.compactMap { byId[$0] }
    }

    /// Sections for display: featured first (when not searching), then A–Z.
    public func sections(matching query: String = "") -> [Section] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let folded = Self.fold(trimmed)
        let rows = trimmed.isEmpty ? all : all.filter { $0.folded.contains(folded) }
        var sections: [Section] = []
        if trimmed.isEmpty, !featured.isEmpty {
            sections.append(Section(title: "Featured", rows: featured, isFeatured: true))
        }
        var byLetter: [(String, [Row])] = []
        for row in rows {
            let letter = row.letter
            if byLetter.last?.0 == letter {
                byLetter[byLetter.count - 1].1.append(row)
            } else {
                byLetter.append((letter, [row]))
            }
        }
        sections += byLetter.map { Section(title: $0.0, rows: $0.1) }
        return sections
    }

    /// Case- and accent-insensitive substring match, so "cable etoile" finds "Câble Étoile".
    public static func matches(_ name: String, _ query: String) -> Bool {
        fold(name).contains(fold(query))
    }

    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    static func indexLetter(folded: String) -> String {
        guard let first = folded.first(where: { $0.isLetter || $0.isNumber }) else { return "#" }
        return first.isLetter && first.isASCII ? String(first).uppercased() : "#"
    }
}
