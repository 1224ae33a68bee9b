/// One movie's details.
public struct Movie: Sendable, Equatable {
    /// KOBIS's code for the movie (`movieCd`), e.g. `20194376`; it may hold letters.
    public let code: String
    /// The Korean title.
    public let title: String
    /// The English title; nil when KOBIS gives none.
    public let titleEnglish: String?
    /// The title in its own language; nil when KOBIS gives none.
    public let titleOriginal: String?
    /// The year it was made.
    public let productionYear: Int?
    /// The day it opened in Korea; nil when it has not, or KOBIS does not say.
    public let openDate: Day?
    /// Its length in minutes.
    public let runtimeMinutes: Int?
    /// Production status, e.g. 개봉 (released) or 개봉예정 (upcoming).
    public let status: String?
    /// Kind of film, e.g. 장편 (feature) or 단편 (short).
    public let type: String?
    /// Where it was made, in Korean (`미국`).
    public let nations: [String]
    /// Its genres, in Korean (`액션`).
    public let genres: [String]
    /// Its directors.
    public let directors: [Director]
    /// Its cast, in KOBIS's order.
    public let actors: [Actor]
    /// Its ratings by the Korea Media Rating Board.
    public let audits: [Audit]
    /// The companies that made, distributed or imported it.
    public let companies: [Company]
    /// The forms it was shown in (2D, IMAX, …).
    public let showTypes: [ShowType]
    /// The rest of its crew.
    public let staffs: [Staff]

    /// A director.
    public struct Director: Sendable, Equatable {
        /// The director's Korean name.
        public let name: String
        /// The name in English; nil when KOBIS gives none.
        public let nameEnglish: String?
    }

    /// A cast member and the role played.
    public struct Actor: Sendable, Equatable {
        /// The actor's Korean name.
        public let name: String
        /// The name in English; nil when KOBIS gives none.
        public let nameEnglish: String?
        /// The part played, in Korean.
        public let role: String?
        /// The part played, in English.
        public let roleEnglish: String?
    }

    /// A rating certificate.
    public struct Audit: Sendable, Equatable {
        /// The audit's number.
        public let number: String?
        /// The rating given (`15세이상관람가`).
        public let grade: String?
    }

    /// A company and the part it played (production, distribution, …).
    public struct Company: Sendable, Equatable {
        /// KOBIS's code for the company.
        public let code: String?
        /// The company's Korean name.
        public let name: String
        /// The name in English; nil when KOBIS gives none.
        public let nameEnglish: String?
        /// What it did for the film (`배급사`, distribution).
        public let role: String?
    }

    /// An exhibition format, e.g. group IMAX, name IMAX.
    public struct ShowType: Sendable, Equatable {
        /// The kind of showing (`2D`, `4D`).
        public let group: String?
        /// The form within it (`필름`, `디지털`).
        public let name: String?
    }

    /// A crew member.
    public struct Staff: Sendable, Equatable {
        /// The person's Korean name.
        public let name: String
        /// The name in English; nil when KOBIS gives none.
        public let nameEnglish: String?
        /// What they did (`각본`, screenplay).
        public let role: String?
    }
}

extension Movie {
    /// Converts KOBIS's answer for `code`; throws `NotFoundError` when KOBIS has no such movie.
    package init(_ response: MovieInfoResponse, requested code: String) throws {
        guard let info = response.movieInfoResult.movieInfo else {
            throw KOBISError.unreadable(.wrongShape("movieInfoResult.movieInfo is missing"))
        }
        // For a code it does not know, KOBIS answers with a record whose every value is null.
        guard let foundCode = FieldValue(info.movieCd, "movieInfo.movieCd").text else {
            throw NotFoundError(what: "movie", code: code)
        }
        func field(_ raw: String?, _ name: String) -> FieldValue { FieldValue(raw, "movieInfo.\(name)") }
        self.code = foundCode
        title = try field(info.movieNm, "movieNm").requiredText()
        titleEnglish = field(info.movieNmEn, "movieNmEn").text
        titleOriginal = field(info.movieNmOg, "movieNmOg").text
        productionYear = try field(info.prdtYear, "prdtYear").year()
        openDate = try field(info.openDt, "openDt").day()
        runtimeMinutes = try field(info.showTm, "showTm").count()
        status = field(info.prdtStatNm, "prdtStatNm").text
        type = field(info.typeNm, "typeNm").text
        nations = (info.nations ?? []).compactMap { FieldValue.text($0.nationNm) }
        genres = (info.genres ?? []).compactMap { FieldValue.text($0.genreNm) }
        directors = (info.directors ?? []).compactMap { director in
            FieldValue.text(director.peopleNm).map {
                Director(name: $0, nameEnglish: FieldValue.text(director.peopleNmEn))
            }
        }
        actors = (info.actors ?? []).compactMap { actor in
            FieldValue.text(actor.peopleNm).map {
                Actor(name: $0, nameEnglish: FieldValue.text(actor.peopleNmEn),
                      role: FieldValue.text(actor.cast), roleEnglish: FieldValue.text(actor.castEn))
            }
        }
        audits = (info.audits ?? []).compactMap { audit in
            let number = FieldValue.text(audit.auditNo)
            let grade = FieldValue.text(audit.watchGradeNm)
            return number == nil && grade == nil ? nil : Audit(number: number, grade: grade)
        }
        companies = (info.companys ?? []).compactMap { company in
            FieldValue.text(company.companyNm).map {
                Company(code: FieldValue.text(company.companyCd), name: $0,
                        nameEnglish: FieldValue.text(company.companyNmEn),
                        role: FieldValue.text(company.companyPartNm))
            }
        }
        showTypes = (info.showTypes ?? []).compactMap { show in
            let group = FieldValue.text(show.showTypeGroupNm)
            let name = FieldValue.text(show.showTypeNm)
            return group == nil && name == nil ? nil : ShowType(group: group, name: name)
        }
        staffs = (info.staffs ?? []).compactMap { staff in
            FieldValue.text(staff.peopleNm).map {
                Staff(name: $0, nameEnglish: FieldValue.text(staff.peopleNmEn),
                      role: FieldValue.text(staff.staffRoleNm))
            }
        }
    }
}
