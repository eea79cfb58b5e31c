import Foundation
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// The seams the package promises: only the executable joins the mock server and the runtime.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Modules that drive flows and draw them, and must know the back end only as `BackendControl`.
    static let serverFree = [
        "FlowRuntime", "TerminalUI", "FlowCore", "MockBackendAPI", "Conformance", "SequenceDiagram", "Labs",
    ]
    static let serverModules = ["PassMockServer", "Hummingbird", "HummingbirdCore", "NIOCore", "NIOHTTP1"]

    /// What the repository shows at its top level: the package, its sources, tests and themes,
    /// the README and dotfiles; anything else (a report, a capture) belongs inside those or in
    /// `.build`.
    @Test func theTopLevelHoldsOnlyWhatWasPromised() async throws {
        let listing = try await Subprocess.run(
            .name("git"), arguments: ["-C", Self.root.path, "ls-files"], output: .string(limit: 16 << 20),
            error: .discarded)
        try #require(listing.terminationStatus.isSuccess, "not a git checkout")
        let promised: Set<String> = ["Package.swift", "Sources", "Tests", "Themes", "README.md"]
        let top = Set(listing.standardOutput.split(separator: "\n").compactMap { $0.split(separator: "/").first })
        let extra = top.filter { !promised.contains(String($0)) && !$0.hasPrefix(".") }
        #expect(extra.isEmpty, "not promised at the top level: \(extra.sorted())")
    }

    @Test(arguments: serverFree)
    func noServerModuleIsImported(_ module: String) throws {
        let folder = Self.root.appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        #expect(files.contains { $0.hasSuffix(".swift") })
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.contains(" import ") {
                let imported = line.split(separator: " ").last.map(String.init) ?? ""
                #expect(!Self.serverModules.contains(imported), "Sources/\(module)/\(file): \(line)")
            }
        }
    }

    /// The terminal's lowest layers (cells, backends, themes, widgets) know nothing of the flows
    /// they draw: the screens and the app above them do.
    @Test func theTerminalsLowestLayersImportNoFlowModule() throws {
        let flowModules = ["FlowRuntime", "FlowCore", "Conformance", "MockBackendAPI", "PassAPI", "VSASimulator"]
        for layer in ["Core", "Backend", "Theme", "Widgets"] {
            let folder = Self.root.appendingPathComponent("Sources/TerminalUI/\(layer)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                    let imported = line.split(separator: " ").last.map(String.init) ?? ""
                    #expect(!flowModules.contains(imported), "Sources/TerminalUI/\(layer)/\(file): \(line)")
                }
            }
        }
    }

    /// The package's targets as the manifest declares them.
    static func manifestTargets() async throws -> [[String: Any]] {
        // A scratch path of its own: the test run holds the lock on the package's `.build`.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try await Subprocess.run(
            .name("swift"), arguments: ["package", "--scratch-path", scratch.path, "dump-package"],
            workingDirectory: FilePath(Self.root.path), output: .bytes(limit: 16 << 20), error: .discarded)
        let data = Data(dump.standardOutput)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(manifest["targets"] as? [[String: Any]])
    }

    /// The module graph, as ProjectLayout states it: layers from the bottom, each module using
    /// only modules of the layers below its own, so that dependencies point one way. Products of
    /// other packages are not the graph's business.
    static let layers: [[String]] = [
        ["CNCurses", "Simulation", "LocatedJSON", "VSASimulator", "embed-data-files"],
        ["Localization", "PassAPI", "EmbedDataFiles"],
        ["FlowCore", "MockBackendAPI"],
        ["Conformance", "PassClient"],
        ["FlowRuntime", "PassMockServer", "Labs"],
        ["SequenceDiagram"],
        ["TerminalUI"],
        ["tvsim", "tvsim-bench"],
    ]

    @Test func everyModuleUsesOnlyTheLayersBelowIt() async throws {
        let layer = Dictionary(
            uniqueKeysWithValues: Self.layers.enumerated().flatMap { index, names in names.map { ($0, index) } })
        for target in try await Self.manifestTargets() where target["type"] as? String != "test" {
            let name = target["name"] as? String ?? ""
            let own = try #require(layer[name], "\(name) is in no layer of ProjectLayout's graph")
            // `byName` and `target` name modules of this package; `product` names another's.
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
            for dependency in dependencies {
                let below = try #require(layer[dependency], "\(name) uses \(dependency), in no layer")
                #expect(below < own, "\(name) (layer \(own)) uses \(dependency) (layer \(below))")
            }
        }
    }

    @Test func theManifestGivesTheServerOnlyToTheExecutableAndItsTools() async throws {
        let targets = try await Self.manifestTargets()
        for target in targets {
            let name = target["name"] as? String ?? ""
            guard Self.serverFree.contains(name) else { continue }
            let dependencies = String(
                decoding: try JSONSerialization.data(withJSONObject: target["dependencies"] ?? []), as: UTF8.self)
            for server in ["PassMockServer", "\"hummingbird\""] {
                #expect(!dependencies.contains(server), "\(name) depends on \(server)")
            }
        }
        // The check can see a dependency: the executable has both.
        let executable = try #require(targets.first { $0["name"] as? String == "tvsim" })
        let joined = String(
            decoding: try JSONSerialization.data(withJSONObject: executable["dependencies"] ?? []), as: UTF8.self)
        #expect(joined.contains("PassMockServer") && joined.contains("\"hummingbird\""))
    }
}
