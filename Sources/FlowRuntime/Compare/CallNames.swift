import FlowCore
import Foundation
import PassAPI

/// Turns timeline entries into comparable calls: paths keep their shape but lose the ids that
/// differ from integration to integration and from run to run. The requestor becomes `{sp}`, an
/// MVPD (by its id or its id in Apple's catalog) `{mvpd}`, a registration code `{code}`, a UUID
/// or a number `{id}`; URLs lose their scheme, host, port and query.
public struct CallNames: Sendable, Equatable {
    public var requestor: String?
    public var mvpds: Set<String>
    /// Registration codes seen in the run (a `REGCODE` status carries its code).
    public var codes: Set<String>

    public init(requestor: String? = nil, mvpds: Set<String> = [], codes: Set<String> = []) {
        self.requestor = requestor
        self.mvpds = mvpds
        self.codes = codes
    }

    /// These names plus the registration codes the timeline shows.
    public func learning(from timeline: [TimelineEntry]) -> CallNames {
        var copy = self
        for entry in timeline where entry.status == .registrationCode {
            if let code = entry.detail?.trimmingCharacters(in: .whitespaces), !code.isEmpty { copy.codes.insert(code) }
        }
        return copy
    }

    /// The call an entry stands for; nil for steps, user actions, screens and notes.
    public func call(for entry: TimelineEntry) -> ComparisonCall? {
        switch entry.kind {
        case .http:
            if let exchange = entry.exchange {
                let outcome = exchange.status.map(String.init) ?? "no response"
                return ComparisonCall(.http, "\(exchange.method) \(path(of: exchange.url)) → \(outcome)")
            }
            return ComparisonCall(.http, text(entry.title))
        case .vsa: return ComparisonCall(.vsa, text(entry.title))
        case .callback: return ComparisonCall(.callback, text(entry.title))
        case .status: return ComparisonCall(.status, entry.status?.id ?? entry.title)
        case .step, .user, .screen, .note: return nil
        }
    }

    /// The path of a URL (or of a bare path) with its ids replaced.
    public func path(of url: String) -> String {
        var path = String(HTTPExchange.path(of: url))
        if path.isEmpty { path = "/" }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            placeholder(forSegment: String(segment)) ?? String(segment)
        }.joined(separator: "/")
    }

    /// Free text (a framework call, a callback's arguments): URLs become normalised paths and
    /// known names become placeholders; other words stay.
    public func text(_ text: String) -> String {
        var result = ""
        var word = ""
        var index = text.startIndex
        func flush() {
            if !word.isEmpty { result += placeholder(forName: word) ?? word }
            word = ""
        }
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("http://") || rest.hasPrefix("https://") {
                flush()
                let end = rest.firstIndex { $0 == " " || $0 == ")" || $0 == "," || $0 == "\"" } ?? rest.endIndex
                result += path(of: String(rest[..<end]))
                index = end
                continue
            }
            let character = text[index]
            if Self.isNameCharacter(character) {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
            index = text.index(after: index)
        }
        flush()
        return result
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "." || character == "_" || character == "-"
    }

    /// A known name: the requestor, an MVPD, a registration code.
    func placeholder(forName word: String) -> String? {
        if let requestor, word == requestor { return "{sp}" }
        if mvpds.contains(word) { return "{mvpd}" }
        if codes.contains(word) { return "{code}" }
        return nil
    }

    /// A path segment: a known name, or one that looks like an id or a code.
    func placeholder(forSegment segment: String) -> String? {
        guard !segment.isEmpty else { return nil }
        if let name = placeholder(forName: segment) { return name }
        if UUID(uuidString: segment) != nil { return "{id}" }
        if segment.allSatisfy(\.isNumber) { return "{id}" }
        if segment.count >= 24, segment.allSatisfy(\.isHexDigit) { return "{id}" }
        if Self.looksLikeCode(segment) { return "{code}" }
        return nil
    }

    /// Registration codes: 5 to 10 capital letters and digits, with at least one of each.
    static func looksLikeCode(_ segment: String) -> Bool {
        (5...10).contains(segment.count)
            && segment.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
            && segment.contains(where: \.isNumber) && segment.contains(where: \.isLetter)
    }
}
