/// `code/searchCodeList`: a bare `codes` array, no wrapper and no count.
package struct CodeListResponse: Decodable, Sendable {
    package var codes: [CodeDTO]
}

/// One entry of a KOBIS code table.
package struct CodeDTO: Decodable, Sendable {
    package var fullCd: String?
    package var korNm: String?
    package var engNm: String?
}
