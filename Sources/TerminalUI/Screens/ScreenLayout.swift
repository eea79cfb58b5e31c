import VSASimulator

/// Where each part of the window goes for a window size and a device. The renderer draws into
/// these rectangles; key handling uses them to know how much of a pane is visible.
struct ScreenLayout {
    let titleBar: Rect
    let keyBar: Rect
    let body: Rect
    let devicePane: Rect
    let inspectorPane: Rect
    /// The inspector's tab area (timeline, detail, state) with its border.
    let inspectorMain: Rect
    let stepPane: Rect

    /// `stepRows`: the rows the Step pane's text needs; the pane grows to hold them, up to two
    /// fifths of the inspector, so that the timeline keeps most of it.
    init(size: Size, platform: DevicePlatform, presenting: Bool = false, stepRows: Int? = nil) {
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let (titleBar, rest) = window.splitTop(1)
        let (body, keyBar) = rest.splitTop(rest.height - 1)
        if presenting {
            // The device alone, larger and centred; no inspector.
            devicePane = body.centered(width: Self.presentedWidth(platform, body.width), height: body.height)
            inspectorPane = Rect(x: body.maxX, y: body.y, width: 0, height: body.height)
        } else {
            (devicePane, inspectorPane) = body.splitLeft(Self.deviceWidth(platform, body.width))
        }
        let usual = min(6, max(4, inspectorPane.height / 5))
        let largest = max(usual, inspectorPane.height * 2 / 5)
        let stepHeight = stepRows.map { min(largest, max(usual, $0 + 2)) } ?? usual
        (inspectorMain, stepPane) = inspectorPane.splitTop(inspectorPane.height - stepHeight)
        self.titleBar = titleBar
        self.keyBar = keyBar
        self.body = body
    }

    /// What the inspector's tabs show, inside the border.
    var inspectorContent: Rect { inspectorMain.inset(horizontal: 1, vertical: 1) }

    /// In presenter view a phone stays phone-shaped; a TV takes most of the window.
    static func presentedWidth(_ platform: DevicePlatform, _ total: Int) -> Int {
        switch platform {
        case .ios: min(total, 56)
        case .tvos: min(total, max(46, total * 9 / 10))
        }
    }

    /// A phone is narrow and tall; a TV gets more of the width.
    static func deviceWidth(_ platform: DevicePlatform, _ total: Int) -> Int {
        switch platform {
        case .ios: min(44, max(38, total * 2 / 5))
        case .tvos: min(total - 34, max(46, total / 2))
        }
    }
}
