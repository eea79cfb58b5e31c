import Foundation
import HTTPTypes
import PassAPI
import Testing

@testable import Conformance

/// Clients written by hand, call by call: one that follows the cookbooks, and for every rule of
/// the catalog one that breaks exactly that rule.
enum Clients {
    static let device = DeviceIdentifier(identifier: "test-device").headerValue
    static let deviceInfo = DeviceInfo.iPhone(applicationId: "APP").headerValue
    static let start: Int64 = 1_767_268_800_000

    static func partnerStatus(_ access: PartnerFrameworkStatus.AccessStatus = .granted) -> String {
        PartnerFrameworkStatus(
            accessStatus: access, providerId: "p.cascade", expirationDateMilliseconds: start + 86_400_000
        )
        .headerValue
    }

    static let saml = Base64.encode("<samlp:Response><Assertion/></samlp:Response>")

    static func call(
        _ method: String, _ path: String, at seconds: Double, status: Int = 200, headers: [(String, String)]? = nil,
        body: String? = nil, answer: String? = nil, answerHeaders: [(String, String)] = [], partner: Bool = false
    ) -> HTTPExchange {
        var sent =
            headers ?? [("Authorization", "Bearer t"), ("AP-Device-Identifier", device), ("X-Device-Info", deviceInfo)]
        if headers == nil, let body {
            sent.append(
                ("Content-Type", body.hasPrefix("{") ? "application/json" : "application/x-www-form-urlencoded"))
        }
        if partner { sent.append(("AP-Partner-Framework-Status", partnerStatus())) }
        return HTTPExchange(
            id: 0, method: method,
            url: "https://sp.auth.adobe.com\(path)",
            requestHeaders: HTTPFields(pairs: sent), requestBody: body,
            status: status, responseHeaders: HTTPFields(pairs: answerHeaders),
            responseBody: answer, startedAt: start + Int64(seconds * 1000))
    }

    /// A REST API V2 app on Apple TV: registration, the launch, Apple SSO, decisions, a logout,
    /// then a sign-in by code with polling (one 429 honoured).
    static var goodV2: [HTTPExchange] {
        let registration = [("X-Device-Info", deviceInfo), ("Content-Type", "application/json")]
        return numbered([
            call(
                "POST", "/o/client/register", at: 0, status: 201, headers: registration,
                body: #"{"software_statement":"s"}"#),
            call(
                "POST", "/o/client/token", at: 0.1, status: 201,
                headers: [("X-Device-Info", deviceInfo), ("Content-Type", "application/x-www-form-urlencoded")],
                body: "grant_type=client_credentials&client_id=c&client_secret=s",
                answer: #"{"access_token":"t","expires_in":86400}"#),
            call("GET", "/api/v2/APP/profiles", at: 1, answer: #"{"profiles":{}}"#, partner: true),
            configuration(boarding: "SUPPORTED"),
            ssoSession(answering: "partner_profile"),
            call(
                "POST", "/api/v2/APP/profiles/sso/Apple", at: 4, body: "SAMLResponse=\(saml.formEncoded)",
                answer: #"{"profiles":{"Cascade":{}}}"#, partner: true),
            call(
                "POST", "/api/v2/APP/decisions/preauthorize/Cascade", at: 5, body: #"{"resources":["a","b","c"]}"#,
                partner: true),
            call(
                "POST", "/api/v2/APP/decisions/authorize/Cascade", at: 6, body: #"{"resources":["a"]}"#, partner: true),
            call("GET", "/api/v2/APP/logout/Cascade?redirectUrl=r", at: 7),
            call(
                "POST", "/api/v2/APP/sessions", at: 8, body: "mvpd=Cascade&domainName=d&redirectUrl=r",
                answer: #"{"code":"ABC","notAfter":"\#(start + 1_800_000)"}"#),
            call("GET", "/api/v2/APP/profiles/code/ABC", at: 12, status: 404),
            call("GET", "/api/v2/APP/profiles/code/ABC", at: 16, status: 429, answerHeaders: [("Retry-After", "5")]),
            call("GET", "/api/v2/APP/profiles/code/ABC", at: 21, answer: #"{"profiles":{"Cascade":{}}}"#),
            call("POST", "/api/v2/APP/decisions/authorize/Cascade", at: 22, body: #"{"resources":["a"]}"#),
        ])
    }

    /// `GET /configuration` at 2 s: Cascade (the framework's `p.cascade`) with platform services
    /// and `boarding`, Juniper without.
    static func configuration(boarding: String) -> HTTPExchange {
        call(
            "GET", "/api/v2/APP/configuration", at: 2,
            answer: """
                {"requestor":{"id":"APP","mvpds":[{"id":"Cascade","platformMappingId":"p.cascade",\
                "enablePlatformServices":true,"boardingStatus":"\(boarding)"},{"id":"Juniper"}]}}
                """)
    }

    /// `POST /sessions/sso/Apple` at 3 s, answered with `action` (the partner profile flow, a
    /// profile that exists, a fallback).
    static func ssoSession(answering action: String) -> HTTPExchange {
        call(
            "POST", "/api/v2/APP/sessions/sso/Apple", at: 3, body: "domainName=d&redirectUrl=r",
            answer: #"{"actionName":"\#(action)","actionType":"direct","mvpd":"Cascade","code":"SSO1"}"#,
            partner: true)
    }

    /// A REST API V1 app: the token check, the configuration, single sign-on, a play.
    static var goodV1: [HTTPExchange] {
        let agent = [("User-Agent", "OrbitTV/1.0 (iPhone; iOS 18.0) CFNetwork Darwin")]
        return numbered([
            call("GET", "/api/v1/checkauthn?requestor=APP&deviceId=d1", at: 0, status: 403, headers: agent),
            call("GET", "/api/v1/config/APP", at: 1, headers: agent, answer: v1Configuration),
            call("GET", "/api/v1/APP/profile-requests/Cascade?deviceId=d1", at: 2, headers: agent),
            call(
                "POST", "/api/v1/tokens/authn", at: 3, status: 204, headers: agent,
                body: "requestor=APP&deviceId=d1&SAMLResponse=\(saml.formEncoded)"),
            call("GET", "/api/v1/tokens/authn?requestor=APP&deviceId=d1", at: 4, headers: agent),
            call("GET", "/api/v1/authorize?requestor=APP&deviceId=d1&resource=a", at: 5, headers: agent),
            call("GET", "/api/v1/tokens/usermetadata?requestor=APP&deviceId=d1", at: 6, headers: agent),
            // On an iPhone, the logout page in a web view.
            call("GET", "/api/v1/logout?requestor=APP&deviceId=d1&redirect_url=r", at: 7, status: 302, headers: agent),
        ])
    }

    /// An Apple TV app with its own identity provider (seed 003): the provider's info, then the
    /// framework's SAML payload translated.
    static var goodOwnIdP: [HTTPExchange] {
        let agent = [("User-Agent", "OrbitTV/1.0 (AppleTV; tvOS 18.0) CFNetwork Darwin")]
        return numbered([
            call(
                "GET", "/custom-idp/APP/info?provider=p.cascade", at: 0, headers: agent,
                answer: #"{"attributeNames":["uid"],"verificationToken":"v","channelIdentifier":"c"}"#),
            call(
                "POST", "/custom-idp/APP/saml/translate", at: 1,
                headers: agent + [("Content-Type", "application/json")],
                body: #"{"saml":"<samlp:Response/>","provider":"p.cascade","deviceId":"d1"}"#,
                answer: #"{"accessToken":"a","tokenType":"Bearer"}"#),
        ])
    }

    /// REST API V1's MVPD list as XML: Cascade, which the framework calls `p.cascade`.
    static let v1Configuration = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <config><requestor><id>APP</id><mvpds>
          <mvpd><boardingStatus>SUPPORTED</boardingStatus><enablePlatformServices>true</enablePlatformServices>\
        <id>Cascade</id><platformMappingId>p.cascade</platformMappingId></mvpd>
          <mvpd><id>Juniper</id></mvpd>
        </mvpds></requestor></config>
        """

    static func numbered(_ exchanges: [HTTPExchange]) -> [HTTPExchange] {
        exchanges.enumerated().map { index, exchange in exchange.with(number: index + 1) }
    }

    static func without(_ header: String, at number: Int, in exchanges: [HTTPExchange]) -> [HTTPExchange] {
        exchanges.map { exchange in
            guard exchange.id == number else { return exchange }
            return exchange.with(
                headers: exchange.requestHeaders.filter { $0.name.canonicalName != header.lowercased() })
        }
    }

    static func replacing(_ number: Int, in exchanges: [HTTPExchange], by change: (HTTPExchange) -> HTTPExchange)
        -> [HTTPExchange]
    {
        exchanges.map { $0.id == number ? change($0) : $0 }
    }

    /// For every rule, the good client changed so that it breaks that rule alone.
    static let breaking: [String: [HTTPExchange]] = [
        "V2-HEADER-AUTHORIZATION": without("Authorization", at: 4, in: goodV2),
        "V2-HEADER-DEVICE-IDENTIFIER": without("AP-Device-Identifier", at: 4, in: goodV2),
        "HEADER-DEVICE-INFO": without("X-Device-Info", at: 4, in: goodV2),
        "V2-HEADER-PARTNER-STATUS-SSO": without("AP-Partner-Framework-Status", at: 5, in: goodV2),
        "V2-HEADER-PARTNER-STATUS-DECISIONS": without("AP-Partner-Framework-Status", at: 7, in: goodV2),
        "V2-HEADER-PARTNER-STATUS-VALID": replacing(7, in: goodV2) {
            $0.replacingHeader("AP-Partner-Framework-Status", by: partnerStatus(.denied))
        },
        "V2-HEADER-PARTNER-STATUS-READABLE": replacing(7, in: goodV2) {
            $0.replacingHeader("AP-Partner-Framework-Status", by: "not Base64 at all")
        },
        "DCR-REGISTER-ONCE": numbered(goodV2 + [goodV2[0].at(seconds: 30)]),
        "DCR-REFRESH-ONCE": numbered(
            goodV2 + [
                call(
                    "POST", "/o/client/token", at: 30, status: 400,
                    headers: [("X-Device-Info", deviceInfo), ("Content-Type", "application/x-www-form-urlencoded")],
                    body: "grant_type=refresh_token&client_id=c&client_secret=s&refresh_token=r",
                    answer:
                        #"{"error":"invalid_grant","error_description":"The refresh token was already used or revoked."}"#
                )
            ]),
        "DECISIONS-NEED-A-PROFILE": numbered(
            Array(goodV2.prefix(4))
                + [call("POST", "/api/v2/APP/decisions/preauthorize/Cascade", at: 2.5, body: #"{"resources":["a"]}"#)]
                + goodV2.dropFirst(4)),
        "DCR-TOKEN-REUSE": numbered(goodV2 + [goodV2[1].at(seconds: 30)]),
        // REST API V2's token on V1's authorize, with V1's deviceId: one client for all that.
        "ONE-API-PER-CLIENT": numbered(
            goodV2 + [
                call(
                    "GET", "/api/v1/authorize?requestor=APP&deviceId=d1&resource=a", at: 30,
                    headers: [("Authorization", "Bearer t"), ("X-Device-Info", deviceInfo)])
            ]),
        "DCR-RENEW-AFTER-401": replacing(7, in: goodV2) { $0.with(status: 401) },
        "V2-ORDER-PROFILES-FIRST": numbered(goodV2.filter { $0.id != 3 }),
        "V2-ORDER-CONFIGURATION-FIRST": numbered(goodV2.filter { $0.id != 4 }),
        "V2-ORDER-PARTNER-REQUEST-FIRST": numbered(goodV2.filter { $0.id != 5 }),
        "V1-ORDER-CHECK-FIRST": numbered(goodV1.filter { $0.id != 1 }),
        "V1-ORDER-CONFIGURATION-FIRST": numbered(goodV1.filter { $0.id != 2 }),
        "V1-LOGOUT-TOKEN-SOURCE-FIRST": numbered(goodV1.filter { $0.id != 7 }),
        "V1-LOGOUT-WEB-VIEW-ON-IOS": replacing(8, in: goodV1) {
            HTTPExchange(
                id: 8, method: "DELETE",
                url: "https://api.auth.adobe.com/api/v1/logout?requestor=APP&deviceId=d1",
                requestHeaders: $0.requestHeaders, status: 204, startedAt: $0.startedAt)
        },
        // The framework's provider id passed on as the MVPD.
        "V1-PROFILE-REQUEST-MVPD-ID": replacing(3, in: goodV1) {
            HTTPExchange(
                id: 3, method: "GET",
                url: "https://sp.auth.adobe.com/api/v1/APP/profile-requests/p.cascade?deviceId=d1",
                requestHeaders: $0.requestHeaders, status: 200, startedAt: $0.startedAt)
        },
        "V1-ORDER-PROFILE-REQUEST-FIRST": numbered(goodV1.filter { $0.id != 3 }),
        "V1-ORDER-AUTHORIZE-FIRST": numbered(
            goodV1 + [
                call(
                    "GET", "/api/v1/tokens/media?requestor=APP&deviceId=d1&resource=a", at: 4.5,
                    headers: [("User-Agent", "OrbitTV/1.0 (iPhone; iOS 18.0) CFNetwork Darwin")])
            ]),
        "DCR-REGISTER-STATEMENT": replacing(1, in: goodV2) { $0.with(body: "{}") },
        "DCR-TOKEN-GRANT-TYPE": replacing(2, in: goodV2) { $0.with(body: "client_id=c&client_secret=s") },
        "V2-SSO-SAML-RESPONSE": replacing(6, in: goodV2) { $0.with(body: "partner=Apple") },
        "V2-LOGOUT-REDIRECT-URL": replacing(9, in: goodV2) {
            HTTPExchange(
                id: 9, method: "GET",
                url: "https://sp.auth.adobe.com/api/v2/APP/logout/Cascade",
                requestHeaders: $0.requestHeaders, status: 200, startedAt: $0.startedAt)
        },
        "HEADER-CONTENT-TYPE": without("Content-Type", at: 7, in: goodV2),
        // Cascade is in Apple's picker only, yet the app starts the partner flow for it.
        "V2-SSO-PLATFORM-SERVICES": replacing(4, in: goodV2) { _ in configuration(boarding: "PICKER").with(number: 4) },
        // A profile exists, yet the app goes on to the partner profile call.
        "V2-SSO-AUTHORIZE-DIRECT": replacing(5, in: goodV2) { _ in ssoSession(answering: "authorize").with(number: 5) },
        // A fallback to the basic flow, yet the app goes on to the partner profile call.
        "V2-SSO-FALLBACK-SESSION": replacing(5, in: goodV2) { _ in ssoSession(answering: "authenticate").with(number: 5)
        },
        "POLL-INTERVAL": replacing(12, in: goodV2) { $0.at(seconds: 13) },
        "POLL-RETRY-AFTER": replacing(13, in: goodV2) { $0.at(seconds: 19) },
        "POLL-STOP": numbered(goodV2 + [goodV2[12].at(seconds: 26)]),
        "V2-PREAUTHORIZE-LIMIT": replacing(7, in: goodV2) {
            $0.with(body: #"{"resources":["a","b","c","d","e","f"]}"#)
        },
        "DECISIONS-AFTER-LOGOUT": numbered(goodV2.filter { !(10...13).contains($0.id) }),
        "V2-LOGOUT-PROFILE-MVPD": replacing(9, in: goodV2) {
            HTTPExchange(
                id: 9, method: "GET",
                url: "https://sp.auth.adobe.com/api/v2/APP/logout/Juniper?redirectUrl=r",
                requestHeaders: $0.requestHeaders, status: 200, startedAt: $0.startedAt)
        },
        // A verification token kept from an earlier sign-in: no info asked.
        "OWN-IDP-INFO-FIRST": numbered(goodOwnIdP.filter { $0.id != 1 }),
        "OWN-IDP-TRANSLATE-SAML": replacing(2, in: goodOwnIdP) {
            $0.with(body: #"{"provider":"p.cascade","deviceId":"d1"}"#)
        },
        "SAML-ENCODED-ONCE": replacing(4, in: goodV1) {
            $0.with(body: "requestor=APP&deviceId=d1&SAMLResponse=\(Base64.encode(saml).formEncoded)")
        },
    ]
}

extension HTTPExchange {
    func with(
        number: Int? = nil, headers: HTTPFields? = nil, body: String? = nil, startedAt: Int64? = nil,
        status: Int? = nil, client: String? = nil
    ) -> HTTPExchange {
        var changed = self
        changed.id = number ?? id
        changed.requestHeaders = headers ?? requestHeaders
        changed.requestBody = body ?? requestBody
        changed.startedAt = startedAt ?? self.startedAt
        changed.status = status ?? self.status
        changed.client = client ?? self.client
        return changed
    }

    func replacingHeader(_ name: String, by value: String) -> HTTPExchange {
        var headers = requestHeaders
        headers[HTTPField.Name(name)!] = value
        return with(headers: headers)
    }

    func at(seconds: Double) -> HTTPExchange { with(startedAt: Clients.start + Int64(seconds * 1000)) }
}

extension String {
    var formEncoded: String {
        addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? self
    }
}

extension HTTPField.Name {
    static let xDeviceInfo = Self("X-Device-Info")!
}

@Suite struct RuleTests {
    /// Clients are audited on every core, yet come out as one after another would give them: in
    /// the order they first called, each audit whole.
    @Test func manyClientsComeOutInTheOrderTheyCalled() {
        let name = HTTPField.Name("AP-Device-Identifier")!
        let devices = (0..<24).map { DeviceIdentifier(identifier: "device-\($0)").headerValue }
        // Each device's calls a little later than the one before, the devices' calls interleaved.
        let exchanges = devices.enumerated().flatMap { offset, device in
            Clients.goodV2.map { exchange in
                var copy = exchange
                if copy.requestHeaders[name] != nil { copy.requestHeaders[name] = device }
                copy.startedAt += Int64(offset)
                return copy
            }
        }
        let exchangesNumbered = Clients.numbered(exchanges)
        let audits = Audit.run(exchangesNumbered)
        let oneAfterAnother = Audit.clients(exchangesNumbered).compactMap {
            Audit.audit(client: $0, $1, catalog: .builtIn, historyComplete: true)
        }
        #expect(audits.map(\.client) == devices)
        let sameAsOneAfterAnother = audits == oneAfterAnother
        #expect(sameAsOneAfterAnother, "an audit differs from the one a client alone gets")
    }

    @Test func theCatalogReadsAndEveryRuleQuotesItsSource() {
        let catalog = RuleCatalog.builtIn
        #expect(catalog.rules.count >= 15)
        for rule in catalog.rules {
            #expect(!rule.source.quote.isEmpty && !rule.advice.isEmpty, "\(rule.id)")
            #expect((rule.source.seed == nil) != (rule.source.reference == nil), "\(rule.id): a seed or a reference")
            #expect(!rule.family.isEmpty)
        }
    }

    /// Every step's header list quotes where it comes from, names its step, and is a step some
    /// call of its integration is in.
    @Test func everyHeaderListIsAStepsAndQuotesIt() {
        let catalog = RuleCatalog.builtIn
        #expect(catalog.headerLists.count >= 9)
        let steps = Set(catalog.operations.entries.compactMap { $0.steps["rest-v2"] })
        for list in catalog.headerLists {
            #expect(steps.contains(list.step), "\(list.step) is no call's step")
            #expect(list.source.step == list.step && !list.source.quote.isEmpty)
            #expect((list.source.seed == nil) != (list.source.reference == nil))
            #expect(list.source.seed == nil || list.source.line != nil, "\(list.step): a seed's list names its line")
            for header in list.headers { #expect(list.source.quote.contains(header), "\(list.step) quotes \(header)") }
        }
    }

    /// A missing header cites the step of the call it is missing on, where that step lists it.
    @Test func aHeaderFindingCitesTheStepOfItsCall() throws {
        func citation(_ header: String, missingAt number: Int) throws -> String {
            let findings = Audit.run(Clients.without(header, at: number, in: Clients.goodV2)).flatMap(\.findings)
            return try #require(findings.first, "\(header) at #\(number)").source.citation
        }
        #expect(try citation("Authorization", missingAt: 4) == "seed 002, C.1, line 116")
        #expect(try citation("Authorization", missingAt: 3) == "seed 002, B.3, line 99")
        #expect(try citation("Authorization", missingAt: 7) == "seed 002, D.3, line 268")
        #expect(try citation("Authorization", missingAt: 9) == "seed 002, E.1, line 335")
        #expect(try citation("AP-Device-Identifier", missingAt: 8) == "seed 002, D.7, line 313")
        #expect(
            try citation("Authorization", missingAt: 11)
                == "Adobe Pass REST API V2 header matrix (reference §A2.2), BA.3")
        // D.3 does not list X-Device-Info: the rule's own source.
        #expect(try citation("X-Device-Info", missingAt: 7) == "seed 002, prerequisites")
        #expect(try citation("X-Device-Info", missingAt: 1) == "seed 002, A.1, line 45")
    }

    /// REST API V1 names a device by `deviceId`, V2 by `AP-Device-Identifier`: one app's calls
    /// are joined by its token, or, where a journal redacted it, by the client it names.
    @Test func oneAppIsOneClientAcrossBothAPIs() throws {
        let mixed = try #require(Clients.breaking["ONE-API-PER-CLIENT"])
        let audits = Audit.run(mixed)
        #expect(audits.map(\.client) == ["\(Clients.device) + d1"])
        #expect(audits.first?.steps.suffix(2) == ["D.7", "11"], "the V1 call keeps V1's step")
        // Two devices of one registration (a test bench, a workshop) stay two clients.
        let other = DeviceIdentifier(identifier: "second-device").headerValue
        let secondDevice = Clients.goodV2.dropFirst(2).map { exchange in
            exchange.with(number: exchange.id + 100).replacingHeader("AP-Device-Identifier", by: other)
        }
        #expect(Audit.run(Clients.goodV2 + secondDevice).map(\.client) == [Clients.device, other])
        let redacted = mixed.map { exchange in
            exchange.replacingHeader("Authorization", by: "Bearer ‹redacted›")
        }
        #expect(Audit.run(redacted).count == 2, "nothing ties them")
        let named = redacted.map { exchange in
            exchange.requestHeader("Authorization") == nil ? exchange : exchange.with(client: "c1")
        }
        #expect(Audit.run(named).flatMap(\.findings).map(\.rule.id) == ["ONE-API-PER-CLIENT"])
    }

    /// REST API V1 on a TV: a registration code, then its token polled until the 200.
    @Test func aV1PollAfterTheTokenCameIsFoundAndALaterCheckIsNot() {
        let agent = [("User-Agent", "OrbitTV/1.0 (AppleTV; tvOS 18.0) CFNetwork Darwin")]
        func poll(_ seconds: Double, _ status: Int) -> HTTPExchange {
            Clients.call(
                "GET", "/api/v1/tokens/authn?requestor=APP&deviceId=d1", at: seconds, status: status, headers: agent)
        }
        let start = Clients.start
        let polling = [
            Clients.call("GET", "/api/v1/checkauthn?requestor=APP&deviceId=d1", at: 0, status: 403, headers: agent),
            Clients.call(
                "POST", "/reggie/v1/APP/regcode?deviceId=d1", at: 1, status: 201, headers: agent,
                answer: #"{"code":"ABC1234","expires":\#(start + 60_000)}"#),
            poll(5, 404), poll(10, 200),
        ]
        func findings(_ exchanges: [HTTPExchange]) -> [String] {
            Audit.run(Clients.numbered(exchanges)).flatMap(\.findings).map { "\($0.rule.id) \($0.exchanges)" }
        }
        #expect(findings(polling) == [])
        #expect(findings(polling + [poll(15, 200)]) == ["POLL-STOP [4, 5]"])
        let later = Clients.call(
            "GET", "/api/v1/authorize?requestor=APP&deviceId=d1&resource=a", at: 12, headers: agent)
        #expect(findings(polling + [later, poll(15, 200)]) == [], "a check after another call is no poll")
        #expect(findings(Array(polling.prefix(3)) + [poll(65, 404)]) == ["POLL-STOP [4]"], "after the code's expires")
    }

    @Test func clientsThatFollowTheCookbooksHaveNoFinding() {
        for client in [Clients.goodV2, Clients.goodV1, Clients.goodOwnIdP] {
            let audits = Audit.run(client)
            #expect(audits.count == 1)
            #expect(audits.flatMap(\.findings).map(\.message) == [])
        }
        #expect(Audit.run(Clients.goodV2).first?.integration == "rest-v2")
        #expect(Audit.run(Clients.goodV1).first?.integration == "rest-v1")
        let ownIdP = Audit.run(Clients.goodOwnIdP).first
        #expect(ownIdP?.integration == "custom-idp" && ownIdP?.steps == ["5", "6"] && ownIdP?.client == "d1")
    }

    /// A journal's URL is a path, whose query may carry a URL: the call is still recognised.
    @Test func aPathWithAURLInItsQueryIsThatPath() {
        let logout = Clients.call("GET", "/api/v2/APP/logout/Cascade", at: 0)
        for url in [
            "/api/v2/APP/logout/Cascade?redirectUrl=https://app.example/out",
            "https://sp.auth.adobe.com/api/v2/APP/logout/Cascade?redirectUrl=https://app.example/out#x",
        ] {
            let exchange = HTTPExchange(
                id: 1, method: "GET", url: url, requestHeaders: logout.requestHeaders, status: 200, startedAt: 0)
            #expect(exchange.path == "/api/v2/APP/logout/Cascade", "\(url)")
        }
        #expect(HTTPExchange(id: 1, method: "GET", url: "https://host", status: 200, startedAt: 0).path == "/")
    }

    /// A 401 for a call that carried no token refused none: the next call is no reuse of it.
    @Test func aRefusalOfACallWithoutATokenAsksForNoRenewal() {
        let client = Clients.without(
            "Authorization", at: 4,
            in: Clients.replacing(4, in: Clients.goodV2) {
                $0.with(status: 401)
            })
        #expect(Audit.run(client).flatMap(\.findings).map(\.rule.id) == ["V2-HEADER-AUTHORIZATION"])
    }

    /// A User-Agent stands in for a missing X-Device-Info, never for one the service cannot read.
    @Test func anUnreadableDeviceInfoIsAFindingWhateverTheUserAgentSays() {
        let agent = ("User-Agent", "OrbitTV/1.0 (iPhone; iOS 18.0) CFNetwork Darwin")
        func client(deviceInfo: String?) -> [HTTPExchange] {
            Clients.replacing(4, in: Clients.goodV2) {
                var headers = $0.requestHeaders
                headers[.xDeviceInfo] = deviceInfo
                headers[HTTPField.Name(agent.0)!] = agent.1
                return $0.with(headers: headers)
            }
        }
        #expect(Audit.run(client(deviceInfo: nil)).flatMap(\.findings).isEmpty)
        for broken in ["not Base64!", Base64.encode(#"{"model":"iPhone"}"#)] {
            let findings = Audit.run(client(deviceInfo: broken)).flatMap(\.findings)
            #expect(findings.map(\.rule.id) == ["HEADER-DEVICE-INFO"], "\(broken): \(findings.map(\.message))")
        }
    }

    /// Numbers in a HAR's answers and headers may be anything: a finding still reads.
    @Test func outsizedNumbersInAnswersAndHeadersGiveFindingsNotCrashes() {
        for retryAfter in ["1e300", "inf", "-inf", "nan", "9223372036854775808"] {
            // The 429 of the good client's polling, with another Retry-After.
            let throttled = Clients.replacing(12, in: Clients.goodV2) {
                HTTPExchange(
                    id: 12, method: $0.method, url: $0.url,
                    requestHeaders: $0.requestHeaders,
                    status: 429, responseHeaders: [.retryAfter: retryAfter], startedAt: $0.startedAt)
            }
            let findings = Audit.run(throttled).flatMap(\.findings)
            #expect(findings.allSatisfy { !$0.message.isEmpty })
        }
        for expiresIn in ["1e300", "9223372036854775807", "-9223372036854775808", "1.5"] {
            let client = Clients.replacing(2, in: Clients.goodV2) {
                HTTPExchange(
                    id: 2, method: $0.method, url: $0.url,
                    requestHeaders: $0.requestHeaders, status: 201, responseHeaders: [:],
                    responseBody: #"{"access_token":"t","expires_in":\#(expiresIn)}"#, startedAt: $0.startedAt)
            }
            _ = Audit.run(numbered(client + [Clients.goodV2[1].at(seconds: 30)]))
        }
    }

    private func numbered(_ exchanges: [HTTPExchange]) -> [HTTPExchange] { Clients.numbered(exchanges) }

    @Test func everyRuleHasAClientThatBreaksIt() {
        #expect(Set(Clients.breaking.keys) == Set(RuleCatalog.builtIn.rules.map(\.id)))
    }

    @Test(arguments: RuleCatalog.builtIn.rules.map(\.id))
    func aClientThatBreaksOneRuleGetsThatRulesFindingsOnly(_ id: String) throws {
        let client = try #require(Clients.breaking[id])
        let findings = Audit.run(client).flatMap(\.findings)
        #expect(!findings.isEmpty, "\(id) found nothing")
        #expect(Set(findings.map(\.rule.id)) == [id], "\(findings.map { "\($0.rule.id): \($0.message)" })")
    }

    /// A history that may miss a client's first calls cannot say a call came before another.
    @Test func aShortenedHistoryAsksNoOrderRule() throws {
        let client = try #require(Clients.breaking["V2-ORDER-PROFILES-FIRST"])
        #expect(Audit.run(client, historyComplete: false).flatMap(\.findings).isEmpty)
        let polls = try #require(Clients.breaking["POLL-INTERVAL"])
        #expect(Audit.run(polls, historyComplete: false).flatMap(\.findings).map(\.rule.id) == ["POLL-INTERVAL"])
    }

    @Test func theStepsOfEachCallAreTheIntegrations() throws {
        let audit = try #require(Audit.run(Clients.goodV2).first)
        #expect(audit.steps == ["A.1", "A.3", "B.3", "C.1", "C.5", "C.12", "D.3", "D.7", "E.1", "BA.1", "BA.3", "D.7"])
        let v1 = try #require(Audit.run(Clients.goodV1).first)
        #expect(v1.steps == ["1", "3", "6", "8", "1", "11", "L.1", "L.2"])
        // Registration alone: REST API V2's steps, where seed 002 describes it.
        let registration = try #require(Audit.run(Array(Clients.goodV2.prefix(2))).first)
        #expect((registration.integration, registration.steps) == ("dcr", ["A.1", "A.3"]))
    }

    @Test func aRuleFileThatNamesAnUnknownCallIsRefusedByName() {
        let family = """
            {"family": "f", "about": "x", "rules": [{"id": "R", "severity": "error",
             "source": {"seed": "002", "step": "C.1", "quote": "q"},
             "check": {"kind": "once", "operation": "b"}, "advice": "a"}]}
            """
        #expect(throws: (any Error).self) {
            _ = try RuleCatalog.read([("Rules/f.json", family)])
        }
        let misspelt = family.replacingOccurrences(of: #""kind": "once""#, with: #""kind": "onse""#)
        do {
            _ = try RuleCatalog.read([("Rules/f.json", misspelt)])
            Issue.record("a misspelt kind was read")
        } catch {
            #expect(error.description.contains("Rules/f.json:3"), "\(error)")
            #expect(error.description.contains("kind"), "\(error)")
        }
    }
}
