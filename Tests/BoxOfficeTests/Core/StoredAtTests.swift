@testable import BoxOfficeCore
import Foundation
import Testing

/// Whether an answer is in the cache, told from its file's header: the same as reading the whole
/// entry says, for a whole entry, a cut one, one padded, one for another request, and a link.
@Suite struct StoredAtTests {
    @Test func theHeaderTellsWhatTheWholeEntryTells() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-storedat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = AnswerCache(folder: folder)
        let request = "boxoffice/searchDailyBoxOfficeList?targetDt=20251003"
        let stored = Date(timeIntervalSince1970: 1_759_500_000)
        try cache.store(StoredAnswer(request: request, stored: stored, body: Data(#"{"boxOfficeResult":{}}"#.utf8)))
        #expect(try cache.storedAt(for: request) == stored)
        #expect(try cache.storedAt(for: request) == (try cache.answer(for: request))?.stored)
        #expect(try cache.storedAt(for: "boxoffice/searchDailyBoxOfficeList?targetDt=20251004") == nil)
        let path = cache.file(for: request).path
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        for damaged in [whole.dropLast(3), whole + Data("x".utf8), Data(whole.prefix(20))] {
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            #expect(try cache.answer(for: request) == nil)
            #expect(try cache.storedAt(for: request) == nil, "a damaged entry is not held")
        }
        // Another request's entry under this name is not this request's answer.
        try Data(String(decoding: whole, as: UTF8.self).replacingOccurrences(of: "20251003", with: "20251005").utf8).write(to: URL(fileURLWithPath: path))
        #expect(try cache.storedAt(for: request) == nil)
        // A link where an entry should be is never followed.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/etc/hostname")
        #expect(throws: FileAccessError.self) { try cache.storedAt(for: request) }
    }
}
