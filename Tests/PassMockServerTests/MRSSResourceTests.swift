import Foundation
import PassAPI
import Testing

@testable import PassMockServer

/// MRSS resources as real clients write them (every value in CDATA, a declared or undeclared
/// `media` prefix, entities) decide exactly like the plain resource id.
@Suite struct MRSSResourceTests {
    /// The three ways a client writes the same MRSS: undeclared prefix, CDATA everywhere, and a
    /// namespace declared under another prefix with an entity in the title.
    static func spellings(_ id: String, rating: String) -> [String] {
        [
            "<rss><channel><title>\(id)</title><item><media:rating>\(rating)</media:rating></item></channel></rss>",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title><![CDATA[\(id)]]></title>
            <item><title><![CDATA[An episode]]></title><guid><![CDATA[e-1]]></guid>
            <media:rating scheme="urn:v-chip"><![CDATA[\(rating.lowercased())]]></media:rating></item></channel></rss>
            """,
            #"<rss xmlns:m="http://search.yahoo.com/mrss/"><channel><title>\#(id.replacingOccurrences(of: "-", with: "&#45;"))</title><item><m:rating>\#(rating)</m:rating></item></channel></rss>"#,
        ]
    }

    static let titles = [("orbit-live", "TV-PG"), ("deep-space", "TV-14"), ("midnight-run", "TV-MA")]

    func decide(_ app: Harness.App, _ resource: String) async throws -> Decision {
        let body = String(decoding: try JSONEncoder().encode(DecisionsRequest(resources: [resource])), as: UTF8.self)
        let reply = try await app.postJSON("/decisions/authorize/Cascade", body)
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.decode(DecisionsResponse.self).decisions[0]
    }

    @Test(arguments: ["basic", "family", "demo"])
    func v2DecidesEverySpellingLikeThePlainId(persona: String) async throws {
        try await Harness.run(dashboard: .longLivedTokens) { harness in
            let app = try await harness.app(device: "tv-\(persona)")
            try await app.signIn(mvpd: "Cascade", username: persona)
            for (id, rating) in Self.titles {
                let plain = try await decide(app, id)
                for spelling in Self.spellings(id, rating: rating) {
                    let decision = try await decide(app, spelling)
                    #expect(decision.authorized == plain.authorized, "\(persona) \(spelling)")
                    #expect(decision.error?.code == plain.error?.code, "\(persona) \(spelling)")
                    if let token = decision.token {
                        let xml = String(decoding: try #require(Base64.decode(token.serializedToken)), as: UTF8.self)
                        #expect(xml.contains("<resourceID>\(id)</resourceID>"), "\(xml)")
                    }
                }
            }
        }
    }

    @Test func aRatingInCDATAStillLimitsAFamily() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            try await app.signIn(mvpd: "Cascade", username: "family")
            // Orbit Live is TV-PG in the catalog; the MRSS rates this airing TV-14, which wins.
            let rated = try await decide(app, Self.spellings("orbit-live", rating: "TV-14")[1])
            #expect(!rated.authorized)
            #expect(rated.error?.code == "authorization_denied_by_parental_controls")
            #expect(try await decide(app, "orbit-live").authorized)
        }
    }

    @Test func aMalformedResourceGetsTheDocumentedError() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            try await app.signIn(mvpd: "Cascade")
            for broken in [
                "<rss><channel><title>orbit-live</channel></rss>", "<rss><channel></channel></rss>",
                "<rss><channel><title>&unknown;</title></channel></rss>",
                // Nested far deeper than any MRSS: refused, and the server stays up.
                "<rss><channel><title>orbit-live</title>" + String(repeating: "<a>", count: 6000)
                    + String(repeating: "</a>", count: 6000) + "</channel></rss>",
            ] {
                let body = String(
                    decoding: try JSONEncoder().encode(DecisionsRequest(resources: ["orbit-live", broken])),
                    as: UTF8.self)
                let reply = try await app.postJSON("/decisions/preauthorize/Cascade", body)
                #expect(reply.status == 400, "\(broken): \(reply.text)")
                #expect(reply.error?.code == "invalid_parameter_resources", "\(broken): \(reply.text)")
                #expect(reply.error?.details?.hasPrefix("resources[1]: ") == true, "\(reply.text)")
            }
        }
    }

    @Test func v1AuthorizesAndIssuesMediaTokensForCDATAResources() async throws {
        try await Harness.run { harness in
            let basic = try await V1App(harness)
            let family = basic.on(device: "family-tv")
            try await basic.signIn(mvpd: "Cascade", username: "basic")
            try await family.signIn(mvpd: "Cascade", username: "family")
            let live = Self.spellings("orbit-live", rating: "TV-PG")[1]
            let authorized = try await basic.get("/api/v1/authorize", [("resource", live)])
            #expect(authorized.status == 200, "\(authorized.text)")
            let media = try await basic.get("/api/v1/mediatoken", [("resource", live)]).decode(V1MediaToken.self)
            let xml = String(decoding: try #require(Base64.decode(media.serializedToken)), as: UTF8.self)
            #expect(xml.contains("<resourceID>orbit-live</resourceID>"), "\(xml)")
            // The token kept for the MRSS is the one for the id.
            #expect(try await basic.get("/api/v1/mediatoken", [("resource", "orbit-live")]).status == 200)
            expectV1Error(
                try await family.get(
                    "/api/v1/authorize", [("resource", Self.spellings("deep-space", rating: "TV-14")[1])]),
                .authorizationDeniedByParentalControls)
            let broken = try await basic.get("/api/v1/authorize", [("resource", "<rss><channel><title>x</rss>")])
            expectV1Error(broken, .malformedAuthzRequest)
        }
    }
}
