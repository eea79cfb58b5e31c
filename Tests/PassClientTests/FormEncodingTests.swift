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
