import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The MVPDs a configuration answer lists (REST API V2's `GET /configuration`, REST API V1's
/// `GET /api/v1/config/{requestor}` as JSON or XML): what the rules about MVPD ids and platform
/// single sign-on read.
struct ConfiguredMVPD: Equatable {
    var id = ""
    var platformMappingId: String?
    var enablePlatformServices = false
    var boardingStatus: String?

    /// Whether Apple single sign-on may be started for it.
    var supportsPlatformSingleSignOn: Bool { enablePlatformServices && boardingStatus == "SUPPORTED" }

    /// The MVPDs of `body`, or nil when it is no configuration this reads.
    static func list(in body: String?) -> [ConfiguredMVPD]? {
        guard let body, let data = body.data(using: .utf8) else { return nil }
        if body.hasPrefix("{") {
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            let mvpds = (object?["requestor"] as? [String: Any])?["mvpds"] as? [[String: Any]]
            return mvpds?.map { mvpd in
                ConfiguredMVPD(
                    id: mvpd["id"] as? String ?? "", platformMappingId: mvpd["platformMappingId"] as? String,
                    enablePlatformServices: mvpd["enablePlatformServices"] as? Bool ?? false,
                    boardingStatus: mvpd["boardingStatus"] as? String)
            }
        }
        let reader = XMLReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        return parser.parse() && reader.sawList ? reader.mvpds : nil
    }

    /// Reads each `<mvpd>` of `<mvpds>`: its direct children's text.
    private final class XMLReader: NSObject, XMLParserDelegate {
        var mvpds: [ConfiguredMVPD] = []
        var sawList = false
        private var current: ConfiguredMVPD?
        private var depth = 0
        private var mvpdDepth = 0
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            text = ""
            if element == "mvpds" { sawList = true }
            if element == "mvpd", current == nil {
                current = ConfiguredMVPD()
                mvpdDepth = depth
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(
            _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
        ) {
            defer { depth -= 1 }
            guard var mvpd = current else { return }
            if depth == mvpdDepth {
                mvpds.append(mvpd)
                current = nil
                return
            }
            guard depth == mvpdDepth + 1 else { return }
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch element {
            case "id": mvpd.id = value
            case "platformMappingId": mvpd.platformMappingId = value
            case "enablePlatformServices": mvpd.enablePlatformServices = value == "true"
            case "boardingStatus": mvpd.boardingStatus = value
            default: break
            }
            current = mvpd
        }
    }
}
