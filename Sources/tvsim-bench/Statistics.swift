/// Order statistics for benchmark samples.
enum Statistics {
    static func median(_ samples: [Double]) -> Double? { percentile(samples, 50) }

    /// The nearest-rank percentile (0…100) of `samples`; nil when there are none.
    static func percentile(_ samples: [Double], _ percentile: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((percentile / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    var milliseconds: Double { seconds * 1000 }

    var wholeMicroseconds: Int64 {
        components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
    }
}
