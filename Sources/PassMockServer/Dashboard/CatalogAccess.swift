import MockBackendAPI

/// What an MVPD answers for one subscriber and one title: the package first, then parental
/// controls. V2 decisions and the custom identity provider's entitlements share these rules.
enum CatalogAccess {
    enum Refusal {
        /// The subscription does not include the title (free titles are always included).
        case notInPackage
        /// The title is rated above what the subscriber's parental controls allow.
        case rating(ParentalRating, limit: ParentalRating)
    }

    /// Why `persona` may not watch the title, or nil when it may. `rating` (from an MRSS
    /// resource) wins over the catalog's rating.
    static func refusal(persona: Persona, resourceId: String, rating: String?, catalogued: ResourceSettings?)
        -> Refusal?
    {
        if catalogued?.free != true, !persona.isEntitled(to: resourceId) { return .notInPackage }
        if let limit = persona.maxRating.flatMap(ParentalRating.init),
            let rating = (rating ?? catalogued?.rating).flatMap(ParentalRating.init), rating > limit
        {
            return .rating(rating, limit: limit)
        }
        return nil
    }

    /// The ids of the catalog titles `persona` may watch, in catalog order.
    static func watchable(by persona: Persona, in catalog: [ResourceSettings]) -> [String] {
        catalog.filter { refusal(persona: persona, resourceId: $0.id, rating: nil, catalogued: $0) == nil }.map(\.id)
    }
}
