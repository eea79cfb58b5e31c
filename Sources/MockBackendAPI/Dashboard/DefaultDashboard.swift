import PassAPI

extension Dashboard {
    /// The built-in dashboard: two requestors of the fictional "Orbit TV" app and 44 fictional
    /// MVPDs covering every case the flows branch on (Apple SSO, Apple picker without SSO,
    /// integration disabled, SSO disabled, degraded, provider down, no logout, TempPass, plain).
    public static let builtIn = Dashboard(
        requestors: [
            RequestorSettings(
                id: "ORBIT", name: "Orbit TV", domains: ["orbit.tvsim.example"],
                softwareStatement: SoftwareStatementSettings(softwareId: "orbit-ios-tvos"),
                appleSSO: true, resources: orbitCatalog),
            RequestorSettings(
                id: "ORBITLITE", name: "Orbit TV Lite", domains: ["lite.orbit.tvsim.example"],
                softwareStatement: SoftwareStatementSettings(softwareId: "orbit-lite"),
                appleSSO: false, resources: orbitCatalog, v1EnhancedErrors: false),
        ],
        mvpds: appleSSOProviders + applePickerOnlyProviders + specialProviders + regularProviders,
        defaultPersonas: defaultPersonas)

    static let orbitCatalog = [
        ResourceSettings(id: "orbit-live", title: "Orbit Live", rating: "TV-PG"),
        ResourceSettings(id: "deep-space", title: "Deep Space — S2 E1 “Pilot Light”", rating: "TV-14"),
        ResourceSettings(id: "midnight-run", title: "Midnight Run", rating: "TV-MA"),
        ResourceSettings(id: "orbit-sports", title: "Orbit Sports: Championship Final", rating: "TV-G"),
        ResourceSettings(id: "trailers", title: "Trailers & Extras", rating: "TV-G", free: true),
    ]

    static let defaultPersonas = [
        Persona(
            username: "demo", password: "demo", displayName: "Jordan Rivers", userID: "u-jordan-0001",
            householdID: "hh-4410", zip: "94107", note: "full package"),
        Persona(
            username: "basic", password: "basic", displayName: "Sam Basic", userID: "u-sam-0002",
            householdID: "hh-4411", zip: "10001", entitlements: ["orbit-live", "deep-space", "midnight-run"],
            note: "no sports package"),
        Persona(
            username: "family", password: "family", displayName: "Casey Family", userID: "u-casey-0003",
            householdID: "hh-4412", zip: "60601", maxRating: "TV-PG", note: "parental controls up to TV-PG"),
        Persona(
            username: "expired", password: "expired", displayName: "Morgan Lapsed", userID: "u-morgan-0004",
            householdID: "hh-4413", zip: "73301", expired: true, note: "subscription ended"),
    ]

    /// Onboarded with Apple as SUPPORTED, platform services on: full Apple SSO.
    static let appleSSOProviders: [MvpdSettings] = [
        ("AuroraCable", "Aurora Cable", "tvsim.aurora"),
        ("BeaconFiber", "Beacon Fiber TV", "tvsim.beacon"),
        ("Cascade", "Cascade Communications", "tvsim.cascade"),
        ("Crestline", "Crestline DirectView", "tvsim.crestline"),
        ("Evergreen", "Evergreen Broadband", "tvsim.evergreen"),
        ("HarborVision", "Harbor Vision", "tvsim.harbor"),
        ("Keystone", "Keystone Cable", "tvsim.keystone"),
        ("Lighthouse", "Lighthouse TV", "tvsim.lighthouse"),
        ("Meridian", "Meridian Fiber", "tvsim.meridian"),
        ("Northwind", "Northwind Satellite", "tvsim.northwind"),
        ("Prairie", "Prairie Digital", "tvsim.prairie"),
        ("Redwood", "Redwood Cablevision", "tvsim.redwood"),
        ("Summit", "Summit Satellite Network", "tvsim.summit"),
        ("Tidewater", "Tidewater TV", "tvsim.tidewater"),
        ("CableEtoile", "Câble Étoile", "tvsim.cable-etoile"),
        (
            "GreatLakesCoop", "Great Lakes & Northern Plains Cooperative Broadband Television Service",
            "tvsim.greatlakes"
        ),
    ].map { id, name, mapping in
        MvpdSettings(
            id: id, displayName: name, platformMappingId: mapping, boardingStatus: .supported,
            enablePlatformServices: true, displayInPlatformPicker: true,
            requiredMetadataFields: ["userID", "householdID"])
    }

    /// Listed in Apple's picker (PICKER) but authenticating through Adobe only: choosing one in
    /// Apple's picker yields N004 and goes straight to its login.
    static let applePickerOnlyProviders: [MvpdSettings] = [
        ("ATVUwave", "AT&V U-wave", "tvsim.atv-uwave"),
        ("Bluebonnet", "Bluebonnet Cable Co.", "tvsim.bluebonnet"),
        ("HillCountry", "Hill-Country Cable (Rural)", "tvsim.hillcountry"),
        ("OMalley", "O'Malley Bros. Communications", "tvsim.omalley"),
        ("Pinecrest", "Pinecrest Telephone & Television", "tvsim.pinecrest"),
        ("SenalNorte", "Señal Norte TV", "tvsim.senal-norte"),
        ("Stonebridge", "Stonebridge Streaming", "tvsim.stonebridge"),
    ].map { id, name, mapping in
        MvpdSettings(
            id: id, displayName: name, platformMappingId: mapping, boardingStatus: .picker,
            enablePlatformServices: false, displayInPlatformPicker: true)
    }

    /// One provider per special case.
    static let specialProviders: [MvpdSettings] = [
        MvpdSettings(
            id: "Ironwood", displayName: "Ironwood Cable", platformMappingId: "tvsim.ironwood",
            boardingStatus: .supported, enablePlatformServices: true, displayInPlatformPicker: true,
            integrationEnabled: false),
        MvpdSettings(
            id: "QuarryLane", displayName: "Quarry Lane TV", platformMappingId: "tvsim.quarrylane",
            boardingStatus: .picker, displayInPlatformPicker: true, integrationEnabled: false),
        MvpdSettings(
            id: "Juniper", displayName: "Juniper Wireless TV", platformMappingId: "tvsim.juniper",
            boardingStatus: .supported, enablePlatformServices: true, displayInPlatformPicker: true,
            ssoEnabled: false),
        MvpdSettings(
            id: "ThunderBay", displayName: "Thunder Bay Cable", platformMappingId: "tvsim.thunderbay",
            boardingStatus: .supported, enablePlatformServices: true, displayInPlatformPicker: true,
            degradation: .authNAll),
        MvpdSettings(
            id: "Driftwood", displayName: "Driftwood Cable", platformMappingId: "tvsim.driftwood",
            boardingStatus: .supported, enablePlatformServices: true, displayInPlatformPicker: true,
            identityProviderAvailable: false),
        MvpdSettings(id: "Westgate", displayName: "Westgate Television", degradation: .authZAll),
        MvpdSettings(id: "Outpost", displayName: "Outpost Satellite", degradation: .authZNone),
        MvpdSettings(id: "Foxglove", displayName: "Foxglove Fiber", logoutSupported: false),
        MvpdSettings(
            id: "TempPass_ORBIT", displayName: "Try Orbit TV free for 30 minutes", isTempPass: true,
            authenticationLifetimeSeconds: 1_800),
    ]

    /// Providers that integrate with Adobe only (not in Apple's picker).
    static let regularProviders: [MvpdSettings] = [
        ("AlderCreek", "Alder Creek Cable"),
        ("Birchwood", "Birchwood Community Antenna"),
        ("CopperCanyon", "Copper Canyon TV"),
        ("DeltaValley", "Delta Valley Broadband"),
        ("ElmStreet", "Elm Street Telecom"),
        ("GraniteState", "Granite State Video"),
        ("MesaVerde", "Mesa Verde Cable"),
        ("OakRidge", "Oak Ridge Digital"),
        ("Riverbend", "Riverbend Cable & Internet"),
        ("Sagebrush", "Sagebrush Satellite"),
        ("WillowRun", "Willow Run Communications"),
        ("Yellowstone", "Yellowstone Cablevision"),
    ].map { MvpdSettings(id: $0.0, displayName: $0.1) }
}
