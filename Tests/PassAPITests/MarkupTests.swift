import Testing

import PassAPI

@Suite struct MarkupTests {
    @Test func htmlEscapesApostrophesAndXMLKeepsThem() {
        let text = #"Tom & Jerry's <"Cable">"#
        #expect(Markup.escapeHTML(text) == "Tom &amp; Jerry&#39;s &lt;&quot;Cable&quot;&gt;")
        #expect(Markup.escapeXML(text) == "Tom &amp; Jerry's &lt;&quot;Cable&quot;&gt;")
    }
}
