import Foundation
import PassAPI
import Simulation

/// A minimal user agent for the primary-screen web login and the second-screen activation site:
/// it follows redirects one hop at a time (each hop reported to the observer), stops when it
/// reaches the app's redirect URL, and submits the HTML forms it is shown.
public struct WebBrowser: Sendable {
    public struct Page: Sendable, Equatable {
        public let url: String
        public let status: Int
        public let html: String

        public init(url: String, status: Int, html: String) {
            self.url = url
            self.status = status
            self.html = html
        }

        /// The `id="error"` message on the page, if any.
        public var errorMessage: String? { HTMLScan.text(ofElementWithId: "error", in: html) }
        public var title: String? { HTMLScan.text(ofElement: "title", in: html) }
    }

    public enum Outcome: Sendable, Equatable {
        /// A page to show (a login form, an error, a success page).
        case page(Page)
        /// The navigation reached a URL the app watches for; the web view would close here.
        case reachedRedirect(String)
    }

    let transport: Transport
    /// URLs that end the navigation (the app's `redirectUrl`, a custom scheme).
    public let stopPrefixes: [String]
    public let maximumRedirects = 10
    /// The device's languages, as a browser sends them (`Accept-Language`); nil sends none.
    public let acceptLanguage: String?

    public init(
        clock: any SimulationClock, observer: ExchangeObserver?, stopAt stopPrefixes: [String],
        acceptLanguage: String? = nil
    ) {
        transport = Transport(clock: clock, observer: observer)
        self.stopPrefixes = stopPrefixes
        self.acceptLanguage = acceptLanguage
    }

    public func open(_ url: String) async throws(PassError) -> Outcome {
        try await navigate(WireRequest(method: "GET", url: url, headers: headers, label: "web.open"))
    }

    /// Submits the first form on `page` whose action contains `actionContaining` (or the first
    /// form), with its hidden fields plus `fields`.
    public func submit(on page: Page, actionContaining: String? = nil, fields: [String: String]) async throws(PassError)
        -> Outcome
    {
        guard
            let form = HTMLScan.forms(in: page.html).first(where: {
                actionContaining == nil || $0.action.contains(actionContaining!)
            })
        else { throw .malformedBody("the page at \(page.url) has no form") }
        var values = form.fields
        for (name, value) in fields { values[name] = value }
        let target = Self.resolve(form.action, against: page.url)
        let body = FormBody(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        if form.method == "GET" {
            return try await navigate(
                WireRequest(method: "GET", url: target + "?" + body.text, headers: headers, label: "web.form"))
        }
        return try await navigate(
            WireRequest(
                method: "POST", url: target, headers: headers + [("Content-Type", "application/x-www-form-urlencoded")],
                body: body.data, label: "web.form"))
    }

    private var headers: [(name: String, value: String)] {
        [("Accept", "text/html"), ("User-Agent", "Mozilla/5.0 (tvsim web view)")]
            + (acceptLanguage.map { [("Accept-Language", $0)] } ?? [])
    }

    private func navigate(_ first: WireRequest) async throws(PassError) -> Outcome {
        var request = first
        for _ in 0...maximumRedirects {
            let response = try await transport.send(request)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location") else {
                return .page(
                    Page(
                        url: request.url, status: response.status, html: String(decoding: response.body, as: UTF8.self))
                )
            }
            let next = Self.resolve(location, against: request.url)
            if stopPrefixes.contains(where: { next.hasPrefix($0) })
                || !(next.hasPrefix("http://") || next.hasPrefix("https://"))
            {
                return .reachedRedirect(next)
            }
            request = WireRequest(method: "GET", url: next, headers: headers, label: "web.follow")
        }
        throw .malformedBody("more than \(maximumRedirects) redirects")
    }

    static func resolve(_ location: String, against base: String) -> String {
        if location.contains("://") || location.hasPrefix("mailto:") { return location }
        guard let baseURL = URL(string: base), let resolved = URL(string: location, relativeTo: baseURL) else {
            return location
        }
        return resolved.absoluteString
    }
}

/// Reads forms and marked elements out of the mock's simple, well-formed pages.
public enum HTMLScan {
    public struct Form: Sendable, Equatable {
        public let method: String
        public let action: String
        public let fields: [String: String]
    }

    public static func forms(in html: String) -> [Form] {
        var forms: [Form] = []
        var rest = html[...]
        while let start = rest.range(of: "<form"),
            let end = rest.range(of: "</form>", range: start.upperBound..<rest.endIndex)
        {
            let tag = tagText(in: rest, from: start.lowerBound)
            let body = rest[start.lowerBound..<end.lowerBound]
            var fields: [String: String] = [:]
            var inputs = body
            while let input = inputs.range(of: "<input") {
                let inputTag = tagText(in: inputs, from: input.lowerBound)
                if let name = attribute("name", in: inputTag) { fields[name] = attribute("value", in: inputTag) ?? "" }
                inputs = inputs[input.upperBound...]
            }
            var selects = body
            while let select = selects.range(of: "<select") {
                let selectTag = tagText(in: selects, from: select.lowerBound)
                let end = selects.range(of: "</select>", range: select.upperBound..<selects.endIndex)
                if let name = attribute("name", in: selectTag),
                    let value = chosenOption(in: selects[select.upperBound..<(end?.lowerBound ?? selects.endIndex)])
                {
                    fields[name] = value
                }
                selects = selects[select.upperBound...]
            }
            forms.append(
                Form(
                    method: (attribute("method", in: tag) ?? "GET").uppercased(),
                    action: attribute("action", in: tag) ?? "", fields: fields))
            rest = rest[end.upperBound...]
        }
        return forms
    }

    /// The value a browser submits for a `<select>`: its `selected` option, else the first.
    private static func chosenOption(in options: Substring) -> String? {
        let tags = optionTags(in: options)
        return (tags.first { $0.hasSuffix(" selected") || $0.contains(" selected ") } ?? tags.first)
            .map { attribute("value", in: $0) ?? "" }
    }

    private static func optionTags(in options: Substring) -> [Substring] {
        var tags: [Substring] = []
        var rest = options
        while let option = rest.range(of: "<option") {
            tags.append(tagText(in: rest, from: option.lowerBound))
            rest = rest[option.upperBound...]
        }
        return tags
    }

    /// The non-empty option values of the `<select>` named `name`, in page order.
    public static func options(ofSelect name: String, in html: String) -> [String] {
        var rest = html[...]
        while let select = rest.range(of: "<select") {
            let tag = tagText(in: rest, from: select.lowerBound)
            let end =
                rest.range(of: "</select>", range: select.upperBound..<rest.endIndex)?.lowerBound ?? rest.endIndex
            if attribute("name", in: tag) == name {
                return optionTags(in: rest[select.upperBound..<end]).compactMap { attribute("value", in: $0) }
                    .filter { !$0.isEmpty }
            }
            rest = rest[end...]
        }
        return []
    }

    public static func text(ofElementWithId id: String, in html: String) -> String? {
        guard let marker = html.range(of: "id=\"\(id)\""), let open = html[marker.upperBound...].firstIndex(of: ">"),
            let close = html[open...].range(of: "</")
        else { return nil }
        return unescape(String(html[html.index(after: open)..<close.lowerBound]))
    }

    public static func text(ofElement element: String, in html: String) -> String? {
        guard let open = html.range(of: "<\(element)>"),
            let close = html.range(of: "</\(element)>", range: open.upperBound..<html.endIndex)
        else { return nil }
        return unescape(String(html[open.upperBound..<close.lowerBound]))
    }

    private static func tagText(in text: Substring, from start: Substring.Index) -> Substring {
        let end = text[start...].firstIndex(of: ">") ?? text.endIndex
        return text[start..<end]
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        guard let close = tag[range.upperBound...].firstIndex(of: "\"") else { return nil }
        return unescape(String(tag[range.upperBound..<close]))
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
