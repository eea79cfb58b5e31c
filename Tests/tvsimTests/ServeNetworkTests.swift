import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tvsim serve` beyond loopback, and an admin token that never shows on a command line.
@Suite(.serialized) struct ServeNetworkTests {
    /// Sends `request` to `address:port` and reads the whole answer.
    static func exchange(address: String, port: Int, _ lines: [String]) throws -> (status: Int, text: String) {
        let descriptor = try AdminHardeningTests.openConnection(port: port, address: address)
        defer { close(descriptor) }
        let text = AdminHardeningTests.ask(
            descriptor, (lines + ["Connection: close"]).joined(separator: "\r\n") + "\r\n\r\n")
        return (Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0, text)
    }

    @Test func onEveryInterfaceItWarnsNamesItsAddressAndKeepsTheDeviceEndpointsLocal() async throws {
        let server = TVSimBinary.Running(["serve", "--host", "0.0.0.0", "--port", "0", "--quiet"])
        #expect(await server.waitFor("Press Ctrl-C to stop."))
        let banner = server.text
        #expect(banner.contains("warning: tvsim serve is reachable from the network"), "\(banner)")
        let portText = try #require(banner.firstMatch(of: /listening on http:\/\/[^:]+:(\d+)/)?.1)
        let port = try #require(Int(portText))
        #expect(banner.contains("admin API          http://127.0.0.1:\(port)/__tvsim/info"), "\(banner)")
        let local = try Self.exchange(
            address: "127.0.0.1", port: port, ["GET /idp/AuroraCable/vsa/context HTTP/1.1", "Host: localhost"])
        #expect(local.status == 200 && local.text.contains("personas"), "\(local.text.suffix(200))")
        // The machine's own address, as another machine on the network reaches it.
        if let address = banner.firstMatch(of: /reachable from the network at http:\/\/([0-9.]+):/)?.1 {
            #expect(banner.contains("listening on http://\(address):\(port)"), "\(banner)")
            let remote = try Self.exchange(
                address: String(address), port: port, ["GET /idp/AuroraCable/vsa/context HTTP/1.1", "Host: localhost"])
            #expect(remote.status == 403 && !remote.text.contains("password\":"), "\(remote.text.suffix(300))")
            let admin = try Self.exchange(
                address: String(address), port: port, ["GET /__tvsim/info HTTP/1.1", "Host: localhost"])
            #expect(admin.status == 403, "\(admin.text.suffix(300))")
            // A device on the network, naming the address it connected to, is served.
            let api = try Self.exchange(
                address: String(address), port: port,
                ["GET /api/v2/ORBIT/configuration HTTP/1.1", "Host: \(address):\(port)"])
            #expect(api.status == 401, "\(api.text.suffix(300))")
        } else {
            #expect(banner.contains("none but loopback is up"), "\(banner)")
        }
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
    }

    @Test func onLoopbackItDoesNotWarn() async throws {
        let server = TVSimBinary.Running(["serve", "--port", "0", "--quiet"])
        #expect(await server.waitFor("Press Ctrl-C to stop."))
        #expect(!server.text.contains("warning:"))
        await server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 20) == 0)
    }

    static func adminStatus(_ server: TVSimBinary.Running, token: String?) throws -> Int {
        let portText = try #require(server.text.firstMatch(of: /127\.0\.0\.1:(\d+)/)?.1)
        let port = try #require(Int(portText))
        let authorization = token.map { ["Authorization: Bearer \($0)"] } ?? []
        return try AdminHardeningTests.exchange(
            port: port, ["GET /__tvsim/faults HTTP/1.1", "Host: 127.0.0.1:\(port)"] + authorization
        ).status
    }

    @Test func theAdminTokenComesFromTheEnvironmentOrAFile() async throws {
        let fromEnvironment = TVSimBinary.Running(
            ["serve", "--port", "0", "--quiet"], environment: ["TVSIM_ADMIN_TOKEN": "from-the-environment"])
        #expect(await fromEnvironment.waitFor("Press Ctrl-C to stop."))
        #expect(try Self.adminStatus(fromEnvironment, token: nil) == 401)
        #expect(try Self.adminStatus(fromEnvironment, token: "from-the-environment") == 200)
        await fromEnvironment.signal(SIGTERM)
        #expect(await fromEnvironment.waitForExit(seconds: 20) == 0)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-token-\(UUID().uuidString)")
        try "from-a-file\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = TVSimBinary.Running(["serve", "--port", "0", "--quiet", "--admin-token-file", file.path])
        #expect(await fromFile.waitFor("Press Ctrl-C to stop."))
        #expect(try Self.adminStatus(fromFile, token: "from-a-file") == 200)
        #expect(try Self.adminStatus(fromFile, token: "wrong") == 401)
        await fromFile.signal(SIGTERM)
        #expect(await fromFile.waitForExit(seconds: 20) == 0)

        let missing = TVSimBinary.Running(["serve", "--port", "0", "--admin-token-file", "/nonexistent/token"])
        #expect(await missing.waitForExit(seconds: 20) != 0)
        #expect(missing.text.contains("cannot read the admin token file /nonexistent/token"), "\(missing.text)")
    }
}
