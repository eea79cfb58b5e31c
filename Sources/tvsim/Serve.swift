import ArgumentParser
import Foundation
import Hummingbird
import LocatedJSON
import MockBackendAPI
import NIOPosix
import PassAPI
import PassMockServer
import Simulation

#if canImport(Glibc)
    import Glibc
#endif

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

    @Option(
        help:
            "Require 'Authorization: Bearer <token>' on the admin API (visible in ps; prefer --admin-token-file or $TVSIM_ADMIN_TOKEN)."
    )
    var adminToken: String?

    @Option(help: ArgumentHelp("Read the admin token from this file.", valueName: "path"))
    var adminTokenFile: String?

    @Option(
        help: ArgumentHelp(
            "Also answer requests whose Host is this name (repeatable); by default only localhost, the loopback addresses and --host.",
            valueName: "name"))
    var allowedHost: [String] = []

    @Option(
        help: "Seconds requests in flight may take to finish after SIGTERM, SIGINT or SIGHUP; then the server closes.")
    var shutdownGrace: Double = 10

    @Option(help: "Threads that serve connections. One answers tens of thousands of requests a second.")
    var threads: Int = 1

    @Flag(
        help:
            "Accept REST API V1 calls signed with a requestor's key pair (legacy clients) in place of a DCR token; /__tvsim/info lists the pairs."
    )
    var acceptSignedV1 = false

    @Flag(help: "Print the dashboard as JSON (a starting point for --config) and exit.")
    var printConfig = false

    @Flag(help: "Do not log requests.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Run a lab's back end: its seed (in place of --seed) and its faults at their set points (see 'tvsim lab list').",
            valueName: "name"))
    var lab: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard shutdownGrace >= 0, shutdownGrace <= 600 else {
            throw ValidationError("--shutdown-grace must be between 0 and 600 seconds.")
        }
        guard (1...Self.maximumThreads).contains(threads) else {
            throw ValidationError("--threads must be between 1 and \(Self.maximumThreads).")
        }
    }

    func run() async throws {
        Self.returnLargeBlocksToTheSystem()
        let lab = try self.lab.map(LabCommand.lab(named:))
        let dashboard = try loadDashboard()
        if printConfig {
            print(DashboardFile.encode(dashboard))
            return
        }
        let token = try AdminTokenSource.resolve(
            flag: adminToken, file: adminTokenFile, environment: ProcessInfo.processInfo.environment)
        // Bound to every interface, the mock answers to the machine's own addresses, and links
        // it hands out (activation URL, session URLs) name the first, which a device can open.
        let external = NetworkAddresses.isWildcard(host) ? NetworkAddresses.external() : []
        let backend = MockBackend(
            dashboard: dashboard, clock: SystemClock(), seed: lab?.seed ?? seed, adminToken: token,
            allowedHosts: allowedHost + external, acceptsSignedV1: acceptSignedV1)
        if let lab { LabCommand.prepare(backend, for: lab) }
        if !quiet { backend.onRequest { Console.line(RequestLogLine(entry: $0).text) } }
        // Its own threads, not the process's shared ones: one by default, since a request that
        // waits for nothing is answered on the thread that read it, and two threads on one
        // core take turns in slices of milliseconds, which the slowest answers then wait for.
        let threads = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let application = MockServer.makeApplication(
            backend: backend, host: host, port: port, advertisedHost: external.first, eventLoopGroup: threads
        ) { bound in
            if let warning = NetworkWarning(host: host, external: external, port: bound).text {
                Console.line(warning)
            }
            // The admin API answers only on loopback: name an address where it does.
            let adminBase =
                NetworkAddresses.isLoopback(host)
                ? backend.baseURL : NetworkAddresses.isWildcard(host) ? "http://127.0.0.1:\(bound)" : nil
            Console.line(Banner(backend: backend, adminBase: adminBase).text)
            if let lab {
                Console.line(
                    "lab \(lab.name): \(lab.title). Point your client at \(backend.baseURL); "
                        + "'tvsim lab show \(lab.name)' lists the goals, "
                        + "'tvsim lab check \(lab.name) --server \(adminBase ?? backend.baseURL)' grades them.")
            }
        }
        do {
            try await MockServer.runUntilSignalled(application, grace: .milliseconds(Int(shutdownGrace * 1000)))
        } catch {
            try? await threads.shutdownGracefully()
            throw error
        }
        try? await threads.shutdownGracefully()
        Console.line("tvsim serve: stopped")
    }

    /// More threads than this would only take turns.
    static let maximumThreads = 256

    private func loadDashboard() throws -> Dashboard {
        guard let config else { return .builtIn }
        do {
            return try DashboardFile.load(path: config)
        } catch {
            throw CommandFailure("invalid dashboard file: \(error)")
        }
    }

    /// Blocks of a megabyte or more come straight from the system and go back to it when freed:
    /// a state dump or a journal export of a full store is answered in buffers of several
    /// megabytes, which the allocator otherwise keeps for the life of the server, raising its
    /// threshold for the next ones with each.
    static func returnLargeBlocksToTheSystem() {
        #if canImport(Glibc)
            // glibc's mallopt and its M_MMAP_THRESHOLD, which the Glibc module leaves out with
            // the rest of <malloc.h>. Setting the threshold also stops glibc from raising it.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mmapThreshold: Int32 = -3
            _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 1 << 20)
        #endif
    }
}

/// Said before the banner when the mock listens beyond loopback: who can reach it, at which
/// address, and what stays private.
struct NetworkWarning {
    let host: String
    let external: [String]
    let port: Int

    var text: String? {
        guard !NetworkAddresses.isLoopback(host) else { return nil }
        let shown = NetworkAddresses.isWildcard(host) ? external : [host]
        let addresses =
            shown.isEmpty
            ? "every address of this machine (none but loopback is up now)"
            : shown.map { "http://\($0.contains(":") ? "[\($0)]" : $0):\(port)" }.joined(separator: ", ")
        return """
            warning: tvsim serve is reachable from the network at \(addresses).
              Anyone there can sign in with the demo personas and call the mock. The admin API and the
              device framework's endpoints still answer only on this machine (loopback).
            """
    }
}

/// What `tvsim serve` prints once it listens: enough to start using it.
struct Banner {
    let backend: MockBackend
    /// Where the admin API answers; nil when the server listens on no loopback address.
    let adminBase: String?

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
        lines.append(
            "  admin API          "
                + (adminBase.map { "\($0)/__tvsim/info" }
                    ?? "none here: it answers only on loopback (bind 0.0.0.0 to reach both)"))
        lines.append("Press Ctrl-C to stop.")
        return lines.joined(separator: "\n")
    }
}
