import ArgumentParser

@main
struct TVSim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvsim",
        abstract: "A terminal simulator of Apple's TV-provider sign-in and Adobe Pass TV Everywhere flows.",
        subcommands: [Serve.self, Run.self, Scenarios.self, Device.self])
}
