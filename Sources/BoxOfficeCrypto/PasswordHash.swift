/// HMAC-SHA256 (RFC 2104) and PBKDF2-HMAC-SHA256 (RFC 8018), for review passwords.
public enum PasswordHash {
    /// The iterations a new review's password gets (OWASP's 2023 advice for PBKDF2-HMAC-SHA256
    /// is 600,000). Each review stores its own count, so raising it later keeps old ones working.
    public static let iterations = 600_000

    /// HMAC-SHA256 of `message` under `key` (what `pbkdf2` iterates; checked against RFC 4231).
    package static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var key = key.count > 64 ? SHA256.hash(key) : key
        key += [UInt8](repeating: 0, count: 64 - key.count)
        var inner = SHA256()
        inner.update(key.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(key.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return outer.finalize()
    }

    /// PBKDF2 with HMAC-SHA256: `length` bytes derived from `password` and `salt`.
    public static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int, length: Int = 32) -> [UInt8] {
        var key = password.count > 64 ? SHA256.hash(password) : password
        key += [UInt8](repeating: 0, count: 64 - key.count)
        // The keyed inner and outer states, computed once: each later HMAC of a 32-byte value is
        // then one compression for the inner hash and one for the outer.
        var innerStart = SHA256()
        innerStart.update(key.map { $0 ^ 0x36 })
        var outerStart = SHA256()
        outerStart.update(key.map { $0 ^ 0x5c })
        let innerState = innerStart.chainingState
        let outerState = outerStart.chainingState
        var derived: [UInt8] = []
        var block: UInt32 = 1
        while derived.count < length {
            // U1 = HMAC(P, S || INT(i)), the general way.
            var inner = innerStart
            inner.update(salt + [UInt8(block >> 24), UInt8(truncatingIfNeeded: block >> 16), UInt8(truncatingIfNeeded: block >> 8), UInt8(truncatingIfNeeded: block)])
            var outer = outerStart
            outer.update(inner.finalize())
            let first = outer.finalize()
            var u = [UInt32](repeating: 0, count: 8)
            for index in 0..<8 {
                let high = UInt32(first[index * 4]) << 24 | UInt32(first[index * 4 + 1]) << 16
                u[index] = high | UInt32(first[index * 4 + 2]) << 8 | UInt32(first[index * 4 + 3])
            }
            var t = u
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for _ in 1..<max(1, iterations) {
                    // Inner: the 32-byte U, then the padding of a 96-byte message (64 keyed + 32).
                    var state = innerState
                    for index in 0..<8 { w[index] = u[index] }
                    w[8] = 0x8000_0000
                    for index in 9..<15 { w[index] = 0 }
                    w[15] = 96 * 8
                    SHA256.compress(&state, w)
                    // Outer: the inner digest, padded the same way.
                    let digest = state
                    state = outerState
                    w[0] = digest.0; w[1] = digest.1; w[2] = digest.2; w[3] = digest.3
                    w[4] = digest.4; w[5] = digest.5; w[6] = digest.6; w[7] = digest.7
                    w[8] = 0x8000_0000
                    for index in 9..<15 { w[index] = 0 }
                    w[15] = 96 * 8
                    SHA256.compress(&state, w)
                    u[0] = state.0; u[1] = state.1; u[2] = state.2; u[3] = state.3
                    u[4] = state.4; u[5] = state.5; u[6] = state.6; u[7] = state.7
                    for index in 0..<8 { t[index] ^= u[index] }
                }
            }
            derived += t.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
            block += 1
        }
        return Array(derived.prefix(length))
    }

    /// Compares in time that depends only on the lengths, never on where the bytes differ.
    public static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<a.count { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
