import Foundation
import Synchronization

/// A small, fast, seedable random source (SplitMix64). Every identifier the simulator invents
/// (codes, tokens, trace ids) comes from one of these, so a given seed replays the same run.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A thread-safe wrapper so a seeded generator can be shared by concurrent request handlers.
public final class SharedRandom: Sendable {
    private let generator: Mutex<SeededGenerator>

    public init(seed: UInt64) {
        generator = Mutex(SeededGenerator(seed: seed))
    }

    /// Calls `body` with exclusive access to the generator.
    public func with<T>(_ body: (inout SeededGenerator) -> T) -> T {
        generator.withLock { body(&$0) }
    }

    /// A random string of `length` characters drawn from the ASCII `alphabet`, one uniform draw
    /// per character (the draws `randomElement` makes, so a seed keeps its codes).
    public func string(length: Int, alphabet: StaticString) -> String {
        precondition(alphabet.isASCII && alphabet.utf8CodeUnitCount > 0, "an ASCII alphabet")
        // Every new session draws a code: spelled from bytes, without a [Character] per call.
        return alphabet.withUTF8Buffer { letters in
            let drawn = with { generator in
                (0..<length).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] }
            }
            return String(decoding: drawn, as: UTF8.self)
        }
    }

    /// A random RFC 4122 version-4 UUID string (lower case), reproducible for a seed.
    public func uuid() -> String { uuidValue().lowercaseText }

    /// A random RFC 4122 version-4 UUID, for records that keep its 16 bytes rather than its text.
    public func uuidValue() -> UUID {
        // Every request gets one (its trace id): drawn under the lock, spelled outside it.
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        with { generator in
            withUnsafeMutableBytes(of: &bytes) { raw in
                for index in 0..<16 { raw[index] = UInt8.random(in: 0...255, using: &generator) }
                raw[6] = (raw[6] & 0x0F) | 0x40
                raw[8] = (raw[8] & 0x3F) | 0x80
            }
        }
        return UUID(uuid: bytes)
    }

    /// Random bytes, e.g. for secrets.
    public func bytes(count: Int) -> [UInt8] {
        with { generator in (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
    }
}
