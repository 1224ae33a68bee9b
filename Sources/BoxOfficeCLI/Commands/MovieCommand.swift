import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
import BoxOfficeReviews

/// `boxoffice movie` on the command line: the request's options, help and examples.
extension MovieRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "movie", summary: "one movie's details and its box-office run, by code or by title",
        arguments: [ArgumentSpec(name: "movieCd|title", help: "a KOBIS movie code such as 20124079 (shown by daily and search), or a title to look up")],
        options: [run.option, deep.option, poster.option, Parameter.raw.option],
        discussion: """
        A title is searched like 'boxoffice search': when one movie matches, it is shown; when
        several do, they are listed on stderr with their codes (exit 1), so you can pick one. With
        --json (or another format for scripts), the candidates are also written to stdout as
        'boxoffice search --json' writes them, still with exit 1.

        Under the details comes the film's box-office run as the Korean film press counts it, from
        the daily top 10s at hand (the cache's, or the samples'), at no call. --run reads the whole
        run first: from two weeks before the opening day (paid previews count in KOBIS's total)
        until the film has been out of the top 10 for seven days in a row from its opening day on
        (a film that enters the top 10 only in its second week is not followed), or yesterday, at most
        100 days, one call for each day not cached; the calls are said before it starts, and past
        --max-calls asked. With --deep the run is read from each day's deep ranking (KOBIS's four
        filtered lists merged, up to 40 films; four calls a day) and lasts while the film is in it. A figure the days read cannot give is "not known" (null in JSON), with
        why: a day not recorded, not in the cache, not answered.

        Previews: admissions before the opening day, KOBIS's total on the opening day less that
        day's audience. Opening day: day 1, its audience and rank. Opening weekend: the first
        Friday to Sunday (the opening day's own weekend when it opens on a Friday, Saturday or
        Sunday). Opening week: the total by the first Sunday. Total: admissions and sales since the
        first screening, as of the latest day ranked (KOBIS revises the last days; the latest
        answer holds it). Days in top 10 and at number one, the longest run at number one, the best
        rank, the best single day and the most screens: over the days read. Milestones: 100,000,
        500,000 and every million (ten million is 천만), each on the first day whose total reached it,
        with its day since opening (개봉 5일 만에 100만: day 5). Second weekend: its audience against
        the opening weekend's, in percent.
        """,
        examples: ["boxoffice movie 20243561", "boxoffice movie 어쩔수가없다", "boxoffice movie 보스 --run",
                   "boxoffice movie 20243561 --json | jq .run.milestones", "boxoffice movie 20243561 --poster --json | jq -r .poster   # needs a poster key",
                   "boxoffice movie 20243561 --json | jq -r '.actors[].name'"],
        fields: CommandSpec.fields(of: MovieShown.self))
}
