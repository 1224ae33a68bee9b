/// The entries of one KOBIS code table.
public struct CodeList: Sendable, Equatable {
    /// Which table this is.
    public let table: CodeTable
    /// The table's codes, in KOBIS's order.
    public let entries: [Entry]

    /// One code and its names.
    public struct Entry: Sendable, Equatable {
        /// KOBIS's `fullCd`, e.g. `0105001`.
        public let code: String
        /// The Korean name, e.g. `서울시`.
        public let name: String
        /// The English name; nil when KOBIS gives none.
        public let nameEnglish: String?
    }
}

extension CodeList {
    /// Converts KOBIS's answer for `table`.
    package init(_ response: CodeListResponse, table: CodeTable) throws {
        self.table = table
        entries = try response.codes.enumerated().compactMap { index, row in
            let place = "codes[\(index)]"
            guard let code = FieldValue(row.fullCd, "\(place).fullCd").text else { return nil }
            return Entry(code: code, name: try FieldValue(row.korNm, "\(place).korNm").requiredText(),
                         nameEnglish: FieldValue.text(row.engNm))
        }
    }
}

/// Finds a region of the `regions` table from what a user types: its code (`0105001`), its
/// Korean name with or without the 시/도 ending (`서울시`, `서울`, `서울특별시`, `충북`), or its
/// romanised name (`seoul`, `Gyeonggi-do`).
package enum RegionName {
    /// The region's entry, or nil when nothing matches.
    package static func resolve(_ text: String, in regions: CodeList) -> CodeList.Entry? {
        let wanted = key(text.composed)
        guard !wanted.isEmpty else { return nil }
        if let byCode = regions.entries.first(where: { $0.code == text.trimmingBlanks() }) { return byCode }
        return regions.entries.first { entry in
            let names = [entry.name, entry.nameEnglish].compactMap { $0 } + (aliases[key(entry.name)] ?? [])
            return names.contains { key($0) == wanted }
        }
    }

    /// Whether the text is already a region code (`0105` and three digits), used as it is.
    package static func isCode(_ text: String) -> Bool {
        text.utf8.count == 7 && text.hasPrefix("0105") && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Lower case, without spaces, hyphens or the administrative ending (시, 도, 특별시, -do, …).
    static func key(_ text: String) -> String {
        var key = text.trimmingBlanks().lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        for ending in ["특별자치시", "특별자치도", "특별시", "광역시", "시", "도"] where key.hasSuffix(ending) && key.count > ending.count + 1 {
            key.removeLast(ending.count)
            break
        }
        for ending in ["metropolitancity", "specialcity", "province", "city", "do", "si"] where key.hasSuffix(ending) && key.count > ending.count + 2 {
            key.removeLast(ending.count)
            break
        }
        return key
    }

    /// Other names of each region, keyed by `key` of its Korean name. KOBIS gives no English
    /// names (`engNm` is always blank), so the romanisations (Revised Romanisation) are ours.
    static let aliases: [String: [String]] = [
        "서울": ["seoul"], "경기": ["gyeonggi"], "강원": ["gangwon"],
        "충청북": ["충북", "chungbuk", "chungcheongbuk"], "충청남": ["충남", "chungnam", "chungcheongnam"],
        "경상북": ["경북", "gyeongbuk", "gyeongsangbuk"], "경상남": ["경남", "gyeongnam", "gyeongsangnam"],
        "전라북": ["전북", "jeonbuk", "jeollabuk"], "전라남": ["전남", "jeonnam", "jeollanam"],
        "제주": ["jeju"], "부산": ["busan"], "대구": ["daegu"], "대전": ["daejeon"], "울산": ["ulsan"],
        "인천": ["incheon"], "광주": ["gwangju"], "세종": ["sejong"],
    ]
}
