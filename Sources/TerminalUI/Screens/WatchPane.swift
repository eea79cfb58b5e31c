import Localization

/// `tvsim watch`'s left pane: where the outside app should send its calls, and for each client
/// that called, how far it got in the cookbook and how many findings it earned.
struct WatchPane {
    let summary: WatchSummary
    let focused: Bool
    let strings: Strings

    func draw(in pane: Rect, _ canvas: inout Canvas) {
        let frame = pane.inset(horizontal: 1, vertical: 0)
        canvas.box(frame, Style(focused ? .focus : .muted), title: strings("watch.title"))
        let inner = frame.inset(horizontal: 2, vertical: 1)
        var lines: [(String, Style)] = []
        func add(_ text: String, _ style: Style) {
            for line in DisplayWidth.wrap(text, to: inner.width) { lines.append((line, style)) }
        }
        add(strings("watch.pointAt"), Style(.muted))
        add(summary.baseURL, Style(.accent, bold: true))
        lines.append(("", Style(.text)))
        if summary.clients.isEmpty { add(strings("watch.noClients"), Style(.muted)) }
        for client in summary.clients.suffix(max(1, inner.height / 4)) {
            add(client.name, Style(.text, bold: true))
            let step = client.lastStep.map { strings("watch.lastStep", ["step": $0]) } ?? ""
            add(
                strings("watch.calls", ["integration": client.integration, "calls": "\(client.calls)"]) + step,
                Style(.muted))
            let findings = strings("watch.findings", ["errors": "\(client.errors)", "warnings": "\(client.warnings)"])
            add(findings, Style(client.errors > 0 ? .error : client.warnings > 0 ? .warning : .success))
            lines.append(("", Style(.text)))
        }
        for (index, line) in lines.prefix(inner.height).enumerated() {
            canvas.line(line.0, in: inner.row(index), line.1)
        }
    }
}
