import Foundation
import Testing

/// The terminal itself: quit by `q` and by signals with the terminal restored, resizes down to
/// below the minimum, terminals tvsim cannot draw on, a back end that never answers.
@Suite(.needs(.tmux)) struct JourneyTerminal {
    @Test func quitWithQRestoresTheTerminalAndClearsTheScreen() async throws {
        let app = try await Journey.open()
        await app.see("Would Like Access")
        try await app.quit()
        #expect(!(await app.screen).contains("Orbit TV on iPhone"))
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130), (SIGQUIT, 131)])
    func aSignalEndsTheUIAndRestoresTheTerminal(_ signal: Int32, _ status: Int) async throws {
        let app = try await Journey.open(["--platform", "tvos"], window: .small, term: "xterm")
        await app.see("Would Like Access")
        let pid = try #require(app.session.tvsimPid)
        kill(pid, signal)
        try await app.quit(with: [], status: status)
    }

    /// Ctrl-C typed at the keyboard (the terminal turns it into SIGINT).
    @Test func controlCQuits() async throws {
        let app = try await Journey.open(["--platform", "ios"], window: .small)
        await app.see("Would Like Access")
        try await app.quit(with: ["C-c"], status: 130)
    }

    @Test func resizingDownToBelowTheMinimumSaysSoAndComesBack() async throws {
        let app = try await Journey.open()
        await app.see("Would Like Access")
        try await app.press("Enter")
        await app.see("Sign in with your TV provider")
        try await app.resize(80, 24)
        #expect(await app.session.waitForFrame(width: 80, height: 24), "\(app.session.lastScreen)")
        await app.see("Sign in with your TV provider")
        try await app.resize(79, 24)
        await app.see("Make the window larger")
        try await app.resize(60, 20)
        await app.see("Make the window larger")
        try await app.resize(120, 36)
        #expect(await app.session.waitForFrame(width: 120, height: 36), "\(app.session.lastScreen)")
        await app.see("Sign in with your TV provider")
        try await app.quit()
    }

    @Test func aResizeStormDoesNotCrash() async throws {
        let app = try await Journey.open()
        await app.see("Would Like Access")
        for index in 0..<100 {
            try await app.resize(60 + (index * 7) % 90, 15 + (index * 5) % 40)
        }
        try await app.resize(120, 36)
        // As a person would: the key comes once the window has stopped changing.
        #expect(await app.session.waitForFrame(width: 120, height: 36), "\(app.session.lastScreen)")
        await app.see("Would Like Access")
        try await app.press("Escape")
        await app.see("Not signed in")
        try await app.quit()
    }

    @Test func theFirstFrameAndQuitDoNotWaitForTheBackEnd() async throws {
        // A back end that accepts connections and never answers: the world cannot start for as
        // long as the admin client waits (10 s).
        let silent = try SilentListener()
        let app = try await Journey.open(["--server", "http://127.0.0.1:\(silent.port)"])
        await app.see("Starting the back end", seconds: 5)
        try await app.resize(80, 24)
        await app.see("Starting the back end", seconds: 3)
        try await app.press("q")
        // Gone before the admin client gives up on the silent back end: quit did not wait for it.
        await app.see("EXITED 0", seconds: 8)
        #expect(TmuxSession.restored(app.session.sttyAfterExit), "\(app.session.sttyAfterExit)")
    }

    @Test func aDumbTerminalIsRefusedWithAReason() async throws {
        let app = try await Journey.open(term: "dumb")
        await app.see("EXITED 1")
        await app.see("needs a terminal that can move the cursor")
    }

    /// A terminal type this system has no terminfo entry for: what to use instead, not curses'
    /// bare "Error opening terminal".
    @Test func aTerminalTypeWithoutTerminfoSaysWhatToDo() async throws {
        let app = try await Journey.open(term: "tvsim-no-such-terminal")
        await app.see("EXITED 1")
        await app.see("no terminfo entry for TERM 'tvsim-no-such-terminal'")
        await app.see("apt-get install ncurses-term")
        #expect(!(await app.screen).contains("Error opening terminal"))
    }

    @Test func anotherPlatformsDeviceFileIsRefusedWithAReason() async throws {
        let iPhoneFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iphone-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: iPhoneFile) }
        let reset = TVSimBinary.Running(["device", "reset", "--platform", "ios", "--device-state", iPhoneFile.path])
        #expect(await reset.waitForExit() == 0)
        let app = try await Journey.open(["--platform", "tvos", "--device-state", iPhoneFile.path])
        await app.see("EXITED 1")
        await app.see("holds an iPhone, not an Apple TV")
    }

    @Test func aLiveSessionIsRecordedWithRecord() async throws {
        let cast = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString).cast")
        defer { try? FileManager.default.removeItem(at: cast) }
        let app = try await Journey.open(["--record", cast.path], window: Journey.Window(width: 100, height: 30))
        await app.see("Would Like Access")
        try await app.press("Enter")
        await app.see("Sign in with your TV provider")
        try await app.quit()
        let recorded = try RecordedCast(contentsOf: cast.path)
        #expect(recorded.width == 100 && recorded.height == 30)
        #expect(recorded.text.contains("Would Like Access") && recorded.text.contains("Not signed in"))
        if let asciinema = try await RecordedCast.readByAsciinema(cast.path) {
            #expect(asciinema == recorded, "asciinema reads the file otherwise")
        }
    }
}
