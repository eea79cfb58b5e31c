import Foundation
import HTTPTypes
import Testing

@testable import PassMockServer

/// The journal keeps the newest exchanges in a ring and redacts when read.
@Suite struct JournalTests {
    static func exchange(_ uri: String, body: String = "") -> Journal.Exchange {
        Journal.Exchange(
            time: 0, method: "GET", uri: uri, operation: nil, status: 200, durationMilliseconds: 0,
            requestHeaders: [.authorization: "Bearer abcdefghijklmnopqrstuvwxyz0123456789"],
            requestBody: Journal.Body(Data(body.utf8), contentType: "application/x-www-form-urlencoded"),
            responseHeaders: [:], responseBody: Journal.Body(Data(), contentType: nil), fault: nil)
    }

    @Test func aFullRingKeepsTheNewestInOrder() {
        let journal = Journal(capacity: 3)
        for index in 1...7 { _ = journal.record(Self.exchange("/\(index)")) }
        #expect(journal.entries().map(\.url) == ["/5", "/6", "/7"])
        #expect(journal.entries(after: 5).map(\.id) == [6, 7])
        #expect(journal.entries(limit: 2).map(\.url) == ["/6", "/7"])
        journal.clear()
        _ = journal.record(Self.exchange("/8"))
        #expect(journal.entries().map(\.id) == [8])
    }

    /// A history read from the journal is whole until it drops an entry, and again once cleared,
    /// though ids go on counting.
    @Test func theJournalSaysWhetherItHoldsEveryExchangeSinceCleared() {
        let journal = Journal(capacity: 2)
        _ = journal.record(Self.exchange("/1"))
        _ = journal.record(Self.exchange("/2"))
        #expect(journal.holdsEverySinceCleared)
        _ = journal.record(Self.exchange("/3"))
        #expect(!journal.holdsEverySinceCleared)
        journal.clear()
        #expect(journal.holdsEverySinceCleared)
        _ = journal.record(Self.exchange("/4"))
        #expect(journal.entries().map(\.id) == [4] && journal.holdsEverySinceCleared)
    }

    /// Slots are written over: what comes back is what went in, exchange after exchange,
    /// however the ring turned or was cleared, a body too large to keep and a slot that held one
    /// included, and bodies large enough to be shared rather than copied.
    @Test func reusedSlotsGiveBackWhatWasKept() {
        let journal = Journal(capacity: 3)
        var sent: [Journal.Exchange] = []
        for index in 1...11 {
            var exchange = Self.exchange(
                "/\(index)?q=é", body: String(repeating: "x", count: index % 2 == 0 ? index * 9_000 : index))
            exchange.responseHeaders = [.setCookie: "a=\(index)", .setCookie: "b", .contentType: "text/plain"]
            exchange.responseBody = Journal.Body(
                Data(
                    repeating: UInt8(64 + index),
                    count: index == 4 ? 200_000 : index % 3 == 0 ? JournalSlot.sharedSize + index : index),
                contentType: index % 2 == 0 ? nil : "")
            exchange.status = index == 5 ? nil : 200 + index
            exchange.fault = index == 6 ? "status#1" : nil
            (exchange.operation, exchange.time, exchange.durationMilliseconds) = ("op\(index)", Int64(index), 0.5)
            _ = journal.record(exchange)
            sent.append(exchange)
            if index == 7 {
                journal.clear()
                sent.removeAll()
            }
            #expect(journal.exchangesAsReceived().map(Self.parts) == sent.suffix(3).map(Self.parts), "\(index)")
        }
    }

    static func parts(_ exchange: Journal.Exchange) -> [String] {
        let body = { (body: Journal.Body) in "\(body.data.count) \(body.size) \(body.contentType ?? "none")" }
        return [
            "\(exchange.time) \(exchange.method) \(exchange.uri) \(exchange.operation ?? "-") \(exchange.status ?? 0)",
            "\(exchange.durationMilliseconds) \(exchange.fault ?? "-")", "\(exchange.requestHeaders)",
            "\(exchange.responseHeaders)", body(exchange.requestBody), body(exchange.responseBody),
            String(decoding: exchange.requestBody.data, as: UTF8.self),
            String(decoding: exchange.responseBody.data, as: UTF8.self),
        ]
    }

    @Test func secretsAreHiddenWhenRead() throws {
        let journal = Journal(capacity: 2)
        _ = journal.record(Self.exchange("/o/client/token?client_secret=s3cret", body: "password=hunter2&user=demo"))
        let entry = try #require(journal.entries().first)
        #expect(!entry.url.contains("s3cret"))
        #expect(entry.requestBody?.contains("hunter2") == false)
        #expect(entry.requestHeader("Authorization")?.contains("abcdefghijklmnop") == false)
    }
}

/// What a browser or a careless client sends around secrets stays out of the journal, and the
/// mock's pages tell browsers not to pass their addresses on.
@Suite struct JournalSecretPathTests {
    @Test func refererProxyCredentialsEscapedNamesAndFormsThatLookLikeJSONAreHidden() async throws {
        try await Harness.run { harness in
            let page = try await harness.send(.get, "/activate", headers: [("Accept", "text/html")])
            #expect(page.header("Referrer-Policy") == "no-referrer")
            _ = try await harness.send(
                .get, "/activate",
                headers: [
                    ("Referer", "http://127.0.0.1:1/idp/Cascade/login?RelayState=relay-SECRET-1"),
                    ("Proxy-Authorization", "Basic proxy-SECRET-2"),
                ])
            _ = try await harness.send(
                .post, "/o/client/register", headers: [("Content-Type", "application/json")],
                body: #"{"software_statement": "x", "p\u0061ssword": "escaped-SECRET-3"}"#)
            _ = try await harness.send(
                .post, "/o/client/token", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: "{x}=1&client_secret=form-SECRET-4&grant_type=client_credentials")
            let journal = try await harness.send(.get, "/__tvsim/journal").text
            #expect(journal.contains("/o/client/token"), "the journal kept nothing: \(journal.prefix(300))")
            for secret in ["relay-SECRET-1", "proxy-SECRET-2", "escaped-SECRET-3", "form-SECRET-4"] {
                #expect(!journal.contains(secret), "\(secret) is in the journal")
            }
        }
    }

    /// Headers nobody listed as safe, cookies, bodies that do not parse, XML, JSON inside JSON
    /// and the custom identity provider's user code.
    @Test func whatNoListCalledSafeStaysOutOfTheJournal() async throws {
        try await Harness.run { harness in
            _ = try await harness.send(
                .get, "/activate",
                headers: [
                    ("Cookie", "other-app=cookie-SECRET-5"), ("X-Api-Key", "key-SECRET-6"),
                    ("X-Auth-Token", "auth-SECRET-7"), ("X-Access-Token", "access-SECRET-8"),
                ])
            let bodies = [
                ("application/json", #"{"software_statement": "x", "password": "truncated-SECRET-9""#),
                (
                    "application/xml",
                    "<r><client_secret>xml-SECRET-10</client_secret><password>xml-SECRET-11</password></r>"
                ),
                ("application/json", #"{"software_statement": "{\"password\": \"nested-SECRET-12\"}"}"#),
            ]
            for (type, body) in bodies {
                _ = try await harness.send(.post, "/o/client/register", headers: [("Content-Type", type)], body: body)
            }
            let grant = try await harness.send(
                .post, "/custom-idp/ORBIT/device/code",
                headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: "deviceId=apple-tv-1")
            let object = try JSONSerialization.jsonObject(with: grant.body) as? [String: Any]
            let userCode = try #require(object?["user_code"] as? String)
            _ = try await harness.send(
                .post, "/custom-idp/ORBIT/device", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: "user_code=\(userCode)")
            let journal = try await harness.send(.get, "/__tvsim/journal").text
            #expect(journal.contains("/custom-idp/ORBIT/device"), "the journal kept nothing: \(journal.prefix(300))")
            let secrets = (5...12).map { "SECRET-\($0)" } + [userCode]
            for secret in secrets { #expect(!journal.contains(secret), "\(secret) is in the journal") }
            #expect(journal.contains("other-app=‹redacted›"), "the cookie's name stays")
        }
    }
}
