import Foundation

/// The shared libraries an ELF64 little-endian program asks the dynamic loader for (its
/// `DT_NEEDED` entries), read from the file itself rather than from `ldd`, which would run it.
enum ELFFile {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func neededLibraries(of url: URL) throws -> [String] {
        // Mapped, not read: the helper is some 70 MB, and the tests' own memory is measured elsewhere.
        let bytes = try Data(contentsOf: url, options: .alwaysMapped)
        func integer(_ offset: Int, _ size: Int) throws -> Int {
            guard offset >= 0, offset + size <= bytes.count else { throw Malformed(description: "a field past the end of the file") }
            return (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[bytes.startIndex + offset + $1]) }
        }
        guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]), bytes.count > 64, bytes[bytes.startIndex + 4] == 2, bytes[bytes.startIndex + 5] == 1 else {
            throw Malformed(description: "not a 64-bit little-endian ELF file")
        }
        let sectionTable = try integer(0x28, 8), sectionSize = try integer(0x3A, 2), sectionCount = try integer(0x3C, 2)
        func section(_ index: Int) throws -> (type: Int, offset: Int, size: Int, link: Int) {
            let base = sectionTable + index * sectionSize
            return (try integer(base + 4, 4), try integer(base + 0x18, 8), try integer(base + 0x20, 8), try integer(base + 0x28, 4))
        }
        let dynamicType = 6, neededTag = 1
        for index in 0..<sectionCount {
            let dynamic = try section(index)
            guard dynamic.type == dynamicType else { continue }
            let strings = try section(dynamic.link)
            var names: [String] = []
            for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) where try integer(entry, 8) == neededTag {
                let start = strings.offset + (try integer(entry + 8, 8))
                let from = bytes.startIndex + start
                guard start < bytes.count, let end = bytes[from...].firstIndex(of: 0) else { throw Malformed(description: "a name past the end") }
                names.append(String(decoding: bytes[from..<end], as: UTF8.self))
            }
            return names
        }
        return []
    }
}
