@testable import BoxOfficeStorage
@testable import BoxOfficeRendering
@testable import BoxOfficeCore
import Foundation
import Testing

/// Listing a folder reads each directory record's name in place, whatever its length.
@Suite struct FolderListingTests {
    /// A few thousand entries, a dozen of every name length from 1 to 255 bytes (the longest a
    /// Linux file name can be), some of them multi-byte UTF-8: every name comes back exactly once.
    ///
    /// Records of every length put the ends of records, and so the end of the kernel's directory
    /// buffer, at every offset: copying a whole `struct dirent` from a short record read past it
    /// (a segfault under some memory layouts, an overflow under AddressSanitizer).
    @Test func listsAFolderOfThousandsOfNamesOfEveryLength() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var expected: Set<String> = []
        for length in 1...255 {
            for copy in 0..<12 {
                var name: String
                if copy == 0, length >= 3 {
                    // Three-byte characters (영) padded with ASCII to exactly `length` bytes.
                    name = String(repeating: "영", count: length / 3) + String(repeating: "x", count: length % 3)
                } else {
                    name = String((0..<length).map { alphabet[($0 * 7 + copy * 13 + length) % alphabet.count] })
                }
                if name.utf8.count != length || expected.contains(name) { continue }
                expected.insert(name)
                #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil))
            }
        }
        #expect(expected.count > 2_500)
        let listed = try OwnFiles.names(in: folder.path)
        #expect(listed.count == expected.count)
        #expect(Set(listed) == expected)
    }

    /// A folder that is not there is an error naming it, not an empty list.
    @Test func aMissingFolderIsAnErrorNamingIt() {
        let path = "/nonexistent-\(UUID().uuidString)"
        #expect(throws: FileAccessError.self) { try OwnFiles.names(in: path) }
        do {
            _ = try OwnFiles.names(in: path)
        } catch {
            #expect(error.description.contains(path))
        }
    }
}
