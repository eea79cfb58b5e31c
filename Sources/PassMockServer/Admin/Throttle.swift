import Foundation
import MockBackendAPI
import Synchronization

/// The documented throttle: a token bucket per client (IP or `X-Forwarded-For`), one request
/// per second sustained with a burst allowance. Buckets are bounded in number.
final class Throttle: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let buckets = Mutex<[String: Bucket]>([:])

    /// Returns true when the request may proceed.
    func admit(client: String, now: Date, settings: ServerSettings.Throttling, maxClients: Int) -> Bool {
        buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: Double(settings.burst), updated: now)
            let elapsed = max(0, now.timeIntervalSince(bucket.updated))
            bucket.tokens = min(Double(settings.burst), bucket.tokens + elapsed * settings.requestsPerSecond)
            bucket.updated = now
            let admitted = bucket.tokens >= 1
            if admitted { bucket.tokens -= 1 }
            buckets[client] = bucket
            if buckets.count > maxClients {
                // Full buckets carry no information: drop them first, then the stalest.
                buckets = buckets.filter { $0.value.tokens < Double(settings.burst) }
                if buckets.count > maxClients {
                    let keep = buckets.sorted { $0.value.updated > $1.value.updated }.prefix(maxClients / 2)
                    buckets = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
                }
            }
            return admitted
        }
    }

    func reset() {
        buckets.withLock { $0.removeAll() }
    }
}
