import Foundation
import Testing

@testable import PassClient

/// Queries and forms as the client writes them: RFC 3986's unreserved characters as they are,
/// every other byte of the UTF-8 escaped, so that any server reads them back the same.
@Suite struct FormEncodingTests {
    @Test func unreservedCharactersStayAndTheRestIsEscaped() {
        #expect("Az09-._~".formEncoded == "Az09-._~")
        #expect("a b+c&d=e/f?".formEncoded == "a%20b%2Bc%26d%3De%2Ff%3F")
        #expect("Québec 電視".formEncoded == "Qu%C3%A9bec%20%E9%9B%BB%E8%A6%96")
        #expect("".formEncoded == "")
    }

    @Test func foundationDecodesWhatItEncodes() {
        for text in ["device id/1", "adbe.orbit://auth/done?x=1&y=2", "Ñandú 🙂", "%41", "\u{0}\t\n"] {
            #expect(text.formEncoded.removingPercentEncoding == text, "\(text)")
        }
        #expect(FormBody([("a b", "c&d"), ("e", "")]).text == "a%20b=c%26d&e=")
    }
}

/// A throttled answer's `Retry-After` as a back end tvsim is pointed at may send it.
@Suite struct RetryAfterTests {
    @Test func anyRetryAfterBecomesAWaitOfASecondToADay() {
        func wait(_ value: String?) -> Int {
            WireResponse(status: 429, headers: value.map { [("Retry-After", $0)] } ?? [], body: Data())
                .retryAfterSeconds
        }
        #expect(wait("6") == 6)
        #expect(wait(" 6 ") == 6)
        #expect(wait(nil) == 1)
        #expect(wait("0") == 1)
        #expect(wait("-9223372036854775808") == 1)
        #expect(wait("9223372036854775807") == 86_400)
        #expect(wait("99999999999999999999") == 86_400)
        #expect(wait("Fri, 31 Dec 1999 23:59:59 GMT") == 1)
    }
}
