import ArgumentParser
import Foundation
import Hummingbird

/// `tvsim-bench floor-server`: the framework's floor. A bare Hummingbird application that reads
/// the body a request declares and answers each of the given paths with fixed bytes, and does
/// nothing else: no middleware, no journal, no parsing of the request beyond what the framework
/// does. The server benchmark loads it
/// with the same requests as `tvsim serve`, so that the ratio of the two CPU costs measures
/// tvsim's own work on a machine of any speed.
struct FloorServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor-server",
        abstract: "Serve fixed answers with bare Hummingbird (started by the server benchmark).",
        shouldDisplay: false)

    @Option(
        name: .customLong("route"),
        help: ArgumentHelp(
            "A method, a path and the file whose bytes answer it, as 'METHOD PATH=FILE'.", valueName: "route"))
    var routes: [String] = []

    func run() async throws {
        let router = Router()
        for route in routes {
            guard let separator = route.firstIndex(of: "=") else {
                throw ValidationError("--route: '\(route)' is not PATH=FILE")
            }
            let target = route[..<separator].split(separator: " ")
            guard target.count == 2, let method = HTTPRequest.Method(String(target[0])) else {
                throw ValidationError("--route: '\(route)' does not start with a method and a path")
            }
            let body = ByteBuffer(
                data: try Data(contentsOf: URL(fileURLWithPath: String(route[separator...].dropFirst()))))
            router.on(RouterPath(String(target[1])), method: method) { request, _ in
                // A route reads the body it is sent, as any handler of a form or JSON must.
                if request.headers[.contentLength] != nil || request.headers[.transferEncoding] != nil {
                    _ = try await request.body.collect(upTo: 1 << 20)
                }
                return Response(
                    status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
            }
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                let line = "listening on http://127.0.0.1:\(channel.localAddress?.port ?? 0)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            })
        try await app.runService()
    }
}
