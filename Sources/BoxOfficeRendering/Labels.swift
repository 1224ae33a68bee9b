import BoxOfficeCore
extension RenderOptions {
    /// A label in the user's language: the English text, or its Korean under a Korean locale.
    /// Only labels are translated, never KOBIS's data.
    package func label(_ english: String) -> String {
        korean ? Self.korean[english] ?? english : english
    }

    /// Notes under a heading: dim, each wrapped to `width`.
    package func notes(_ notes: [String], width: Int) -> String {
        notes.flatMap { TerminalText.wrap($0, to: width, ambiguousWide: ambiguousWide) }.map { TextColor.dim.apply($0, if: colors) + "\n" }.joined()
    }

    /// What a period's reading in the demo left out: "read 2 of the period's 31 days: the ones
    /// the sample data holds". `english` and `korean` name the days ("the period's 31 days",
    /// "기간 31일").
    package func sampleNote(read: Int, of english: String, _ korean: String) -> String {
        self.korean ? "\(korean) 가운데 \(read)일만 읽음 (예시 자료에 있는 날)" : "read \(read) of \(english): the ones the sample data holds"
    }

    /// `131 min`, or `131분`.
    func minutes(_ count: Int) -> String {
        korean ? "\(count)분" : "\(count) min"
    }

    /// `Sun`, or `일`.
    func weekday(_ day: Day) -> String {
        korean ? ["월", "화", "수", "목", "금", "토", "일"][day.weekday.rawValue - 1] : day.weekday.shortName
    }

    /// `… +26 more (all with --wide or --json)`, or `… 26명 더 (전체는 --wide 또는 --json)`.
    func moreCast(_ count: Int) -> String {
        korean ? "… \(NumberFormat.grouped(count))명 더 (전체는 --wide 또는 --json)" : "… +\(NumberFormat.grouped(count)) more (all with --wide or --json)"
    }

    /// `(2 columns left out to fit the terminal)`, under a table that had to drop some; `(2
    /// columns left out)` where that is too wide.
    func leftOut(columns count: Int, within width: Int?) -> String {
        let long = korean ? "(화면 폭에 맞추느라 \(count)개 열을 뺐습니다)" : "(\(count) column\(count == 1 ? "" : "s") left out to fit the terminal)"
        guard let width, TerminalText.width(long, ambiguousWide: ambiguousWide) > width else { return long }
        return korean ? "(\(count)개 열 생략)" : "(\(count) column\(count == 1 ? "" : "s") left out)"
    }

    /// Korean labels, by their English text.
    static let korean: [String: String] = [
        // Rankings
        "Daily box office": "일별 박스오피스", "Weekly box office": "주간 박스오피스", "Weekend box office": "주말 박스오피스",
        "Weekday box office": "주중 박스오피스", "week": "주차", "Rank": "순위", "Change": "변동", "Code": "코드", "Title": "영화명",
        "Audience": "관객수", "Total audience": "누적관객수", "Total": "누적", "±": "±", "±Audience": "±관객", "Σ Sales": "누적매출", "Sales share": "매출점유율", "Share": "점유율", "Audience change": "관객증감", "Nation": "국적", "Diversity": "다양성", "Div.": "다양성", "Exact": "정확",
        "deep: past the top 10": "심층: 상위 10위 너머",
        "Sales": "매출액", "Total sales": "누적매출액", "Screens": "스크린수", "Shows": "상영횟수", "Opened": "개봉일", "New": "신규",
        "Period": "기간", "Number one": "1위", "Day": "일차", "Start": "시작", "End": "끝", "Filter": "필터",
        "Top films": "기간 흥행 순위", "Days": "일수", "Best": "최고순위", "First": "첫날", "Last": "마지막날",
        "No film was in the daily top 10 on any day of this period.": "이 기간에는 일별 상위 10위에 든 영화가 없습니다.",
        "No day of this period was read, so no film is ranked.": "이 기간에 읽은 날이 없어 순위를 매길 영화가 없습니다.",
        "No film was in the deep ranking on any day of this period.": "이 기간에는 심층 순위에 든 영화가 없습니다.",
        "by days since opening": "개봉일부터 센 날짜순",
        // A period's records
        "Records": "기록", "Biggest opening days": "개봉일 최다 관객", "Biggest opening weekends": "개봉 첫 주말 최다 관객",
        "Most days at number one": "1위 최다 일수", "Longest run at number one": "1위 최장 연속", "Best single days": "일일 최다 관객",
        "Passed": "돌파일", "From": "부터", "To": "까지",
        "No film that opened in the period has this record on the days read.": "읽은 날에는 이 기간에 개봉한 영화의 기록이 없습니다.",
        "No film has this record on the days read.": "읽은 날에는 이 기록을 세운 영화가 없습니다.",
        // A film's run
        "Box office": "흥행 기록", "Days read": "읽은 날", "Previews": "유료 시사", "Opening day": "개봉일 관객",
        "Opening weekend": "개봉 첫 주말", "Opening week": "개봉 첫 주", "Days in top 10": "10위 안 일수",
        "Days at number one": "1위 일수", "Best day": "최고 일일 관객", "Most screens": "최다 스크린", "Milestones": "돌파",
        "Second weekend": "둘째 주말", "not known": "알 수 없음", "none passed on the days read": "읽은 날 가운데 돌파한 기록 없음",
        "provisional: KOBIS may still revise these figures": "잠정치: 영진위가 아직 수정할 수 있는 수치입니다",
        "KOBIS has no box office figures for this day.": "이 날의 박스오피스 자료가 없습니다.",
        "KOBIS has no box office figures for this period.": "이 기간의 박스오피스 자료가 없습니다.",
        "Korean films": "한국영화", "foreign films": "외국영화", "diversity films": "다양성영화", "commercial films": "상업영화",
        "Trend": "추이", "Calendar": "달력", "not yet published": "집계 전", "no figures": "자료 없음", "no sample": "예시 없음", "no answer": "응답 없음", "not cached": "저장 안 됨", "not read": "읽지 않음",
        "Reviews": "리뷰", "ID": "ID", "Movie": "영화", "Rating": "평점", "Nickname": "닉네임", "Date": "날짜", "Review": "리뷰",
        // A movie
        "Original title": "원제", "Year": "제작연도", "Runtime": "상영시간", "min": "분", "Genres": "장르", "Nations": "국가",
        "Grade": "관람등급", "Status": "상태", "Formats": "상영형태", "Directors": "감독", "Cast": "출연", "Companies": "참여 영화사",
        "Staff": "스태프", "Poster": "포스터", "people (the full list is in --json)": "명 (전체 목록은 --json)", "people": "명",
"as": "역",
        // Searches, people, companies, codes
        "English title": "영문 제목", "Type": "유형", "Name": "이름", "English name": "영문 이름", "Role": "분야", "Films": "필모그래피",
        "Sex": "성별", "Homepage": "홈페이지", "Filmography": "필모그래피", "Part": "역할", "CEO": "대표자", "Parts": "분류",
        "KOBIS lists no films.": "영진위 자료에 영화가 없습니다.", "Nothing to show.": "보여줄 것이 없습니다.",
        "Table": "코드표", "Holds": "내용", "KOBIS code tables": "영진위 공통코드", "KOBIS codes": "영진위 공통코드",
        // The cache
        "Folder": "폴더", "Answers": "저장된 응답", "Calls today": "오늘 호출 수", "Quota": "할당량", "Not ours": "다른 파일",
    ]
}
