import PassAPI
import VSASimulator

/// The app's reading of the configuration answer: which MVPDs can go to Apple's picker, which
/// support Apple SSO, and how Apple's provider ids map to MVPDs.
struct ConfigurationDirectory: Sendable, Equatable {
    let mvpds: [MvpdConfiguration]

    init(_ configuration: ConfigurationResponse) {
        // TempPass is offered by its own button in real apps, not in the provider lists.
        mvpds = configuration.requestor.mvpds.filter { $0.isTempPass != true }
    }

    /// Platform ids for `supportedAccountProviderIdentifiers`.
    var applePickerIds: [String] {
        mvpds.filter { $0.displayInPlatformPicker == true }.compactMap(\.platformMappingId)
    }

    func mvpd(platformId: String) -> MvpdConfiguration? {
        mvpds.first { $0.platformMappingId == platformId }
    }

    func mvpd(id: String) -> MvpdConfiguration? {
        mvpds.first { $0.id == id }
    }

    /// The MVPD the device's system sign-in maps to, when the app may try single sign-on with it
    /// (the silent exchange at launch).
    func appleSSOMvpd(platformId: String?) -> MvpdConfiguration? {
        guard let platformId, let mvpd = mvpd(platformId: platformId), Self.supportsAppleSSO(mvpd) else { return nil }
        return mvpd
    }

    /// Whether the app may try the partner (Apple) flow for this MVPD.
    static func supportsAppleSSO(_ mvpd: MvpdConfiguration) -> Bool {
        mvpd.enablePlatformServices == true && mvpd.boardingStatus == .supported
    }
}

extension ConfigurationDirectory {
    init(mvpds: [MvpdConfiguration]) {
        self.mvpds = mvpds
    }

    static let empty = ConfigurationDirectory(mvpds: [])
}
