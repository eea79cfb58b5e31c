import Foundation

/// A web view the app opens (an MVPD login, an identity provider's page, a logout page) and
/// watches for its redirect URL.
struct WebLogin: FlowPart {
    /// The URL the page must end on.
    typealias State = String

    enum Outcome: Sendable, Equatable {
        /// The web view reached the redirect URL (with the query the page added).
        case returned(url: String)
        case closed
    }

    static func open(_ url: String, stopAt: String) -> (State, [Effect]) {
        (stopAt, [.show(.webLogin(url: url, stopAt: stopAt))])
    }

    /// A page's address with its query, each value percent-encoded, in the order given (a
    /// `redirect_url` goes last where the documentation asks it to).
    static func pageURL(_ path: String, _ query: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = query.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }
        return path + "?" + encoded.joined(separator: "&")
    }

    func reduce(_ state: inout State, _ event: Event, _ context: FlowContext) -> PartStep<Outcome>? {
        switch event {
        case .answer(.webLoginFinished(let url)): .done(.returned(url: url))
        case .answer(.webLoginCancelled): .done(.closed)
        default: nil
        }
    }
}
