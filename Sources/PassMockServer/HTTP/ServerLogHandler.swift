import Foundation
import Logging
import PassAPI

/// The server's log on standard error, for warnings such as the file-descriptor limit.
///
/// The server framework sets metadata (the request id) on the logger of every request, though
/// the mock logs nothing per request: swift-log's stream handler formats its metadata each time
/// it is set, which cost every request about a microsecond. This one formats it only when a line
/// is written.
struct ServerLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .warning
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(
        level: Logger.Level, message: Logger.Message, metadata explicit: Logger.Metadata?, source: String,
        file: String, function: String, line: UInt
    ) {
        var all = metadataProvider?.get() ?? [:]
        all.merge(metadata) { _, own in own }
        if let explicit { all.merge(explicit) { _, given in given } }
        let fields = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let text = "\(Date().ISO8601Format()) \(level) \(label) :\(fields.isEmpty ? "" : " " + fields) \(message)"
        // Messages and metadata may quote a request: one line, nothing a terminal acts on.
        FileHandle.standardError.write(Data((TerminalSafeText.make(text, keepingLines: false) + "\n").utf8))
    }

    /// A logger of the mock at `level`.
    static func logger(level: Logger.Level) -> Logger {
        var logger = Logger(label: "tvsim.mock") { ServerLogHandler(label: $0) }
        logger.logLevel = level
        return logger
    }
}
