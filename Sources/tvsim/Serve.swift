import ArgumentParser
import Foundation
import Hummingbird
import LocatedJSON
import MockBackendAPI
import PassAPI
import PassMockServer
import Simulation

/// `tvsim serve`: the mock back end alone, for browsers, curl and real devices.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the mock Adobe Pass back end (DCR, REST API V2, mock MVPDs, activation site, admin API).")

    @Option(help: "Port to listen on; 0 picks a free port.")
    var port: Int = 0

    @Option(help: "Address to bind. The admin API answers only to loopback clients whatever this is.")
    var host: String = "127.0.0.1"

    @Option(help: "Dashboard file (JSON) with requestors, MVPDs and personas; the built-in one by default.")
    var config: String?

    @Option(help: "Seed for codes, ids and traces, so runs are reproducible.")
    var seed: UInt64 = 1

    @Option(help: "Require 'Authorization: Bearer <token>' on the admin API.")
    var adminToken: String?

    @Option(
        help: ArgumentHelp(
            "Also answer requests whose Host is this name (repeatable); by default only localhost, the loopback addresses and --host.",
            valueName: "name"))
    var allowedHost: [String] = []

    @Option(help: "Seconds requests in flight may take to finish after SIGTERM or SIGINT; then the server closes.")
    var shutdownGrace: Double = 10

    @Flag(help: "Print the dashboard as JSON (a starting point for --config) and exit.")
    var printConfig = false

    @Flag(help: "Do not log requests.")
    var quiet = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard shutdownGrace >= 0, shutdownGrace <= 600 else {
            throw ValidationError("--shutdown-grace must be between 0 and 600 seconds.")
        }
    }

    func run() async throws {
        let dashboard = try loadDashboard()
        if printConfig {
            print(DashboardFile.encode(dashboard))
            return
        }
        let backend = MockBackend(
            dashboard: dashboard, clock: SystemClock(), seed: seed, adminToken: adminToken, allowedHosts: allowedHost)
        if !quiet { backend.onRequest { Console.line(RequestLogLine(entry: $0).text) } }
        let application = MockServer.makeApplication(backend: backend, host: host, port: port) { _ in
            Console.line(Banner(backend: backend).text)
        }
        try await MockServer.runUntilSignalled(application, grace: .milliseconds(Int(shutdownGrace * 1000)))
        Console.line("tvsim serve: stopped")
    }

    private func loadDashboard() throws -> Dashboard {
        guard let config else { return .builtIn }
        do {
            return try DashboardFile.load(path: config)
        } catch {
            throw CommandFailure("invalid dashboard file: \(error)")
        }
    }
}

/// What `tvsim serve` prints once it listens: enough to start using it.
struct Banner {
    let backend: MockBackend

    var text: String {
        let info = backend.info()
        var lines = ["tvsim mock back end listening on \(info.baseURL)"]
        if let requestor = info.requestors.first {
            lines.append("  requestor          \(requestor.id) (\(requestor.name))")
            lines.append("  software statement \(requestor.softwareStatement)")
        }
        if let persona = info.personas.first(where: { !$0.expired }) {
            lines.append("  persona            \(persona.username) / \(persona.password)  (\(persona.displayName))")
        }
        lines.append("  activation page    \(info.activationURL)")
        lines.append("  admin API          \(info.baseURL)/__tvsim/info")
        lines.append("Press Ctrl-C to stop.")
        return lines.joined(separator: "\n")
    }
}
