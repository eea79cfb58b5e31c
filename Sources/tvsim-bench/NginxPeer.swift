import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// nginx (https://nginx.org), when it is installed, serving one of tvsim's answers as a static
/// file: a peer for the figure of a route whose answer is the same bytes every time. One
/// process (no master), one worker, no access log, keep-alive without limit, as a tuned static
/// server runs.
final class NginxPeer: Sendable {
    let pid: pid_t
    let port: UInt16
    private let folder: URL

    private init(pid: pid_t, port: UInt16, folder: URL) {
        (self.pid, self.port, self.folder) = (pid, port, folder)
    }

    /// nginx serving `body` at `path` with `contentType`; nil when nginx is not on `PATH`.
    static func start(path: String, body: [UInt8], contentType: String) throws -> NginxPeer? {
        guard let executable = ChildRun.lookUp("nginx") ?? ["/usr/sbin/nginx"].first(where: isExecutable) else {
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvsim-nginx-\(UUID().uuidString)")
        let root = folder.appendingPathComponent("root")
        let file = root.appendingPathComponent(String(path.drop { $0 == "/" }))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(body).write(to: file)
        let port = try FreePort.find()
        let configuration = folder.appendingPathComponent("nginx.conf")
        try Data(Self.configuration(root: root, folder: folder, port: port, contentType: contentType).utf8).write(
            to: configuration)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "-p", folder.path, "-c", configuration.path, "-e", folder.appendingPathComponent("error.log").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let peer = NginxPeer(pid: process.processIdentifier, port: port, folder: folder)
        // Ready once it accepts a connection.
        for _ in 0..<200 {
            if let descriptor = try? Loopback.connection(to: port) {
                close(descriptor)
                return peer
            }
            guard process.isRunning else { break }
            usleep(10_000)
        }
        peer.stop()
        let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw BenchmarkError("nginx did not start: \(log.suffix(500))")
    }

    static func configuration(root: URL, folder: URL, port: UInt16, contentType: String) -> String {
        """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(folder.appendingPathComponent("nginx.pid").path);
        error_log \(folder.appendingPathComponent("error.log").path) error;
        events { worker_connections 4096; }
        http {
            access_log off;
            keepalive_timeout 60s;
            keepalive_requests 100000000;
            client_body_temp_path \(folder.path);
            types { }
            default_type \(contentType);
            server {
                listen 127.0.0.1:\(port);
                root \(root.path);
            }
        }
        """
    }

    func stop() {
        // A child started from here may inherit a mask that blocks SIGTERM; the peer keeps no
        // state worth a graceful end.
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: folder)
    }

    private static func isExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }
}

/// A loopback port no one listens on now.
enum FreePort {
    static func find() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchmarkError("no socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw BenchmarkError("no free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }
}
