import Foundation
import Simulation
import Testing

@testable import PassAPI
@testable import PassMockServer

/// Form and query components are decoded on bytes exactly as Foundation's percent decoding
/// decodes them (with `+` as a space), broken escapes and bytes that are not UTF-8 refused alike
/// by the mock, and kept as written by the audit.
@Suite struct FormDecodingTests {
    @Test func componentsDecodeAsFoundationDecodesThem() {
        var random = SeededGenerator(seed: 2025)
        let pieces = [
            "a", "Z", "0", "+", " ", "%", "%2", "%2F", "%2f", "%zz", "%C3%A9", "%C3", "%FF", "é", "=", "%00", "%25",
        ]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let spaced = text.replacingOccurrences(of: "+", with: " ")
            let expected = spaced.removingPercentEncoding
            #expect(Substring(text).formDecoded == expected, "\(text)")
            // The audit's reading of a HAR's forms keeps what does not decode, as Foundation's
            // callers did.
            #expect(HTTPExchange.decode(Substring(text)) == expected ?? spaced, "\(text)")
        }
    }
}

extension FormDecodingTests {
    /// The pairs of a form as the generic split on characters found them.
    static func splitBySeparators(_ text: String) -> [String: String]? {
        var result: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts[0].formDecoded else { return nil }
            guard let value = parts.count == 2 ? parts[1].formDecoded : "" else { return nil }
            if result[name] == nil { result[name] = value }
        }
        return result
    }

    @Test func formsSplitAsTheGenericSplitSplitsThem() {
        var random = SeededGenerator(seed: 2026)
        let pieces = ["a", "b", "=", "&", "&&", "==", "%3D", "%26", "+", "é", "x=1", "%", ""]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(IncomingRequest.parseForm(text) == Self.splitBySeparators(text), "\(text)")
        }
    }
}
