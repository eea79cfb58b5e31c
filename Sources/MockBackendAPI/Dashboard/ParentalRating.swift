/// TV Parental Guidelines and MPAA ratings, ordered from least to most restricted, so a
/// persona's `maxRating` can be compared with a title's rating.
public struct ParentalRating: Comparable, Sendable {
    private static let tvScale = ["TV-Y", "TV-Y7", "TV-G", "TV-PG", "TV-14", "TV-MA"]
    private static let movieScale = ["G", "PG", "PG-13", "R", "NC-17"]
    /// Movie ratings mapped onto the TV scale so mixed catalogs compare sensibly.
    private static let movieOnTVScale = [2, 3, 4, 5, 5]

    static let knownRatings = (tvScale + movieScale).joined(separator: ", ")

    let level: Int
    public let label: String

    public init?(_ label: String) {
        let normalized = label.uppercased().trimmingCharacters(in: .whitespaces)
        if let index = Self.tvScale.firstIndex(of: normalized) {
            level = index
        } else if let index = Self.movieScale.firstIndex(of: normalized) {
            level = Self.movieOnTVScale[index]
        } else {
            return nil
        }
        self.label = normalized
    }

    public static func < (lhs: ParentalRating, rhs: ParentalRating) -> Bool { lhs.level < rhs.level }
    public static func == (lhs: ParentalRating, rhs: ParentalRating) -> Bool { lhs.level == rhs.level }
}
