import Foundation
import PackagePlugin

/// Embeds data files of the package in a target, so that the built program needs no file beside
/// it: before the target compiles, `embed-data-files` writes one Swift source, `EmbeddedDataFiles`,
/// holding the text of every file of the target's folders below with its path from the package
/// root. Each file is an input of the command, so editing, adding or removing one rebuilds.
@main struct EmbedDataFiles: BuildToolPlugin {
    /// The folders each target embeds, relative to the package root.
    static let folders: [String: [String]] = [
        // The built-in scenarios, one JSON file each, and the index files that order them.
        "FlowRuntime": ["Sources/FlowRuntime/Scenarios/Catalog"],
        // The themes, from the top-level folder where users see them.
        "TerminalUI": ["Themes"],
        // One string catalog per language.
        "Localization": ["Sources/Localization/Strings"],
        // The JSON Schemas of scenario, dashboard and theme files (`tvsim schema`).
        "tvsim": ["Sources/tvsim/Schemas"],
        // The conformance rules, one file per family, and the call table.
        "Conformance": ["Sources/Conformance/Rules"],
        // The built-in labs, one JSON file each, and the index that orders them.
        "Labs": ["Sources/Labs/Catalog"],
    ]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let folders = Self.folders[target.name] else {
            throw PluginFailure("EmbedDataFiles has no folders to embed in target '\(target.name)'")
        }
        let root = context.package.directoryURL
        let files = try folders.flatMap { try Self.dataFiles(in: root.appending(path: $0)) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedDataFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) data files in \(target.name)",
                executable: try context.tool(named: "embed-data-files").url,
                arguments: [output.path(percentEncoded: false), root.path(percentEncoded: false)]
                    + files.map { $0.path(percentEncoded: false) },
                inputFiles: files,
                outputFiles: [output])
        ]
    }

    /// Every file below `folder` but Swift sources and hidden files, in path order.
    static func dataFiles(in folder: URL) throws -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw PluginFailure("cannot read the folder \(folder.path(percentEncoded: false))") }
        var files: [URL] = []
        for case let url as URL in walker where url.pathExtension != "swift" {
            if try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true { files.append(url) }
        }
        return files.sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
