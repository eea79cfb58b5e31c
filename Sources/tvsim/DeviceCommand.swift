import ArgumentParser
import FlowRuntime
import Foundation
import VSASimulator

/// `tvsim device show|reset`: the simulated device kept between runs of the terminal UI.
struct Device: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or reset the simulated device (TV-provider sign-in, app permissions, app storage).",
        subcommands: [Show.self, Reset.self], defaultSubcommand: Show.self)

    struct Location: ParsableArguments {
        @Option(help: "The platform whose device to use.")
        var platform: DevicePlatform = .ios

        @Option(
            help:
                "The device state file (default $XDG_CONFIG_HOME/tvsim/device-<platform>.json, else ~/.config/tvsim/…)."
        )
        var deviceState: String?

        var path: String { deviceState ?? FileDeviceStore.defaultPath(platform: platform) }

        func store() -> FileDeviceStore {
            let platform = self.platform
            return FileDeviceStore(path: path) {
                SimulatedDevice(platform: platform, deviceIdentifier: UUID().uuidString.lowercased())
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the device state as JSON.")

        @OptionGroup var location: Location

        func run() throws {
            let store = location.store()
            let device = store.load()
            for warning in store.warnings { Console.error("warning: \(warning)") }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            Console.line("# \(location.path)")
            Console.json(String(decoding: try encoder.encode(device), as: UTF8.self))
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the device with a fresh one (signed out, no permissions).")

        @OptionGroup var location: Location

        func run() throws {
            let fresh = SimulatedDevice(platform: location.platform, deviceIdentifier: UUID().uuidString.lowercased())
            try location.store().save(fresh)
            Console.line("A fresh \(location.platform.displayName) is stored in \(location.path)")
        }
    }
}

extension DevicePlatform: ExpressibleByArgument {}
