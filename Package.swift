// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tvsim",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tvsim", targets: ["tvsim"]),
        .executable(name: "tvsim-bench", targets: ["tvsim-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // HTTPTypes, which the mock's requests and responses are (already one of Hummingbird's).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // Deque for the mock's stores (already one of Hummingbird's and SwiftNIO's dependencies).
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // File paths for swift-subprocess in the tests (already one of its dependencies).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // `swift package generate-documentation` for the DocC catalogs in Sources/.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // ncursesw, reached through a small C shim for its macros and globals. The library is
        // linked by TerminalUI: Linux names it ncursesw; macOS's SDK has the wide functions in
        // its ncurses.
        .systemLibrary(name: "CNCurses", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
        // The curses front end: cell buffer, backends, widgets, screens, themes.
        .target(
            name: "TerminalUI",
            dependencies: [
                "CNCurses", "FlowRuntime", "FlowCore", "VSASimulator", "PassAPI", "MockBackendAPI",
                "LocatedJSON", "Simulation", "Localization", "Conformance", "SequenceDiagram", "Labs",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ],
            // The themes of Themes/, embedded.
            plugins: ["EmbedDataFiles"]
        ),
        // Shared plumbing: injectable clock, seeded randomness.
        .target(name: "Simulation"),
        // JSON files with file/line/field errors (config, scenarios, themes).
        .target(name: "LocatedJSON"),
        // The languages tvsim speaks: one string catalog per language, embedded by the plugin.
        .target(
            name: "Localization", dependencies: ["LocatedJSON"], exclude: ["Strings"], plugins: ["EmbedDataFiles"]),
        // The simulated device's TV-provider framework (VideoSubscriberAccount), pure.
        .target(name: "VSASimulator"),
        // The integrations as pure reducers: reduce(state, event) -> (state, [effect]).
        .target(name: "FlowCore", dependencies: ["PassAPI", "VSASimulator"]),
        // Runs the flows: performs their effects over HTTP, the simulated framework and the user.
        .target(
            name: "FlowRuntime",
            dependencies: [
                "FlowCore", "VSASimulator", "PassClient", "MockBackendAPI", "PassAPI", "Simulation", "LocatedJSON",
                "Localization", "Conformance",
            ],
            // The built-in scenarios: embedded by the plugin, not compiled.
            exclude: [
                "Scenarios/Catalog/index.txt", "Scenarios/Catalog/rest-v2", "Scenarios/Catalog/sdk",
                "Scenarios/Catalog/rest-v1", "Scenarios/Catalog/custom-idp",
            ],
            plugins: ["EmbedDataFiles"]
        ),
        // Labs: cookbook flows a trainee's own client practises, graded from its calls.
        .target(
            name: "Labs", dependencies: ["Conformance", "MockBackendAPI", "PassAPI", "LocatedJSON"],
            // The built-in labs: embedded by the plugin, not compiled.
            exclude: ["Catalog"], plugins: ["EmbedDataFiles"]),
        // A session as a sequence diagram of its parties: the terminal's drawing, text, Mermaid, SVG.
        .target(
            name: "SequenceDiagram",
            dependencies: ["FlowRuntime", "FlowCore", "PassAPI", "Localization", "Conformance"]),
        // Cookbook conformance of any client: rules as data over HTTP exchanges (HAR, journal).
        .target(
            name: "Conformance", dependencies: ["PassAPI", "MockBackendAPI", "LocatedJSON"], exclude: ["Rules"],
            plugins: ["EmbedDataFiles"]),
        // Embeds data files (the built-in scenarios, the themes) in the targets that use them, so
        // that the tvsim binary works alone wherever it is installed.
        .plugin(
            name: "EmbedDataFiles", capability: .buildTool(), dependencies: ["embed-data-files"],
            path: "Sources/EmbedDataFiles"),
        .executableTarget(name: "embed-data-files"),
        // Wire types and header codecs shared by client and server, and the one shape of an
        // exchange (headers as HTTPTypes' fields) that the client, the journal, HAR files and
        // the audit share.
        .target(
            name: "PassAPI",
            dependencies: ["LocatedJSON", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        // The mock back end as its clients see it: the dashboard, the admin API's wire types, and
        // the `BackendControl` protocol that embedded and remote back ends implement.
        .target(name: "MockBackendAPI", dependencies: ["PassAPI", "LocatedJSON", "Simulation"]),
        .target(
            name: "PassClient",
            dependencies: [
                "PassAPI", "MockBackendAPI", "Simulation",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "PassMockServer",
            dependencies: [
                "PassAPI", "MockBackendAPI", "Simulation", "LocatedJSON", "Localization", "Conformance",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `tvsim-bench`: the built `tvsim` in a pseudo-terminal, the catalog, the server under load
        // beside bare Hummingbird (the framework's floor).
        .executableTarget(
            name: "tvsim-bench",
            dependencies: [
                "FlowRuntime", "PassClient", "PassAPI", "PassMockServer", "MockBackendAPI", "Localization",
                "Conformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        .executableTarget(
            name: "tvsim",
            dependencies: [
                "PassMockServer", "MockBackendAPI", "PassAPI", "Simulation", "LocatedJSON",
                "FlowRuntime", "Conformance", "PassClient",
                "FlowCore", "TerminalUI", "SequenceDiagram", "Labs",
                "VSASimulator", "Localization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            // The JSON Schemas: embedded by the plugin, not compiled.
            exclude: ["Schemas"],
            plugins: ["EmbedDataFiles"]
        ),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation"]),
        .testTarget(name: "LocatedJSONTests", dependencies: ["LocatedJSON"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "LocatedJSON"]),
        .testTarget(
            name: "PassAPITests",
            dependencies: [
                "PassAPI", "Simulation", "LocatedJSON", .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(name: "VSASimulatorTests", dependencies: ["VSASimulator"]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "Labs", "FlowRuntime", "FlowCore", "VSASimulator", "PassAPI", "PassMockServer", "MockBackendAPI",
                "Simulation", "Localization", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // Screen snapshots are read from the source tree by path, not bundled.
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "LabsTests", dependencies: [
                "Labs", "Conformance", "MockBackendAPI", "PassAPI", "LocatedJSON", "Localization",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "SequenceDiagramTests",
            dependencies: ["SequenceDiagram", "FlowRuntime", "FlowCore", "PassAPI", "Localization"],
            // Text snapshots are read from the source tree by path, not bundled.
            exclude: ["__Snapshots__"]),
        .testTarget(name: "FlowCoreTests", dependencies: ["FlowCore", "PassAPI", "VSASimulator"]),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "Conformance", "FlowRuntime", "PassAPI", "LocatedJSON",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "FlowRuntimeTests",
            dependencies: [
                "FlowRuntime", "FlowCore", "PassMockServer", "MockBackendAPI", "PassClient", "Simulation",
                "VSASimulator", "Localization",
            ],
            // Read from the source tree by SeedQuoteTests, not bundled.
            exclude: ["SeedTranslations.json"]
        ),
        .testTarget(
            name: "PassMockServerTests",
            dependencies: [
                "PassMockServer", "MockBackendAPI", "PassAPI", "PassClient", "Simulation", "Localization",
                "Conformance",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "PassClientTests",
            dependencies: ["PassClient", "PassMockServer", "MockBackendAPI", "PassAPI", "Simulation"]
        ),
        // End-to-end tests of the built `tvsim` binary.
        .testTarget(
            name: "tvsimTests",
            dependencies: [
                "tvsim", "Labs", "PassClient", "Simulation", "PassMockServer", "FlowRuntime", "MockBackendAPI", "PassAPI",
                "TerminalUI", "FlowCore", "VSASimulator",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Fixtures"]),
    ]
)
