import BoxOfficeCrypto
import Foundation
import Testing

/// SHA-256 and PBKDF2-HMAC-SHA256 against published test vectors.
@Suite struct CryptoTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// FIPS 180-2 appendix B (and the empty message).
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256MatchesFIPS180(message: String, digest: String) {
        #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func sha256OfAMillionAs() {
        var hasher = SHA256()
        for _ in 0..<1000 { hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: 1000)) }
        #expect(hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// RFC 7914 section 11.
    @Test func pbkdf2MatchesRFC7914() {
        #expect(hex(PasswordHash.pbkdf2(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, length: 64))
            == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
        #expect(hex(PasswordHash.pbkdf2(password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000, length: 64))
            == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
    }

    /// RFC 4231 test case 2 (a key shorter than the block).
    @Test func hmacMatchesRFC4231() {
        #expect(hex(PasswordHash.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func constantTimeComparison() {
        #expect(PasswordHash.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!PasswordHash.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!PasswordHash.constantTimeEquals([1, 2], [1, 2, 3]))
    }
}
