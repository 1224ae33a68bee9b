import BoxOfficeArguments
import BoxOfficeCore
import BoxOfficeRendering
import BoxOfficeStorage
import BoxOfficeReviews

/// `boxoffice movie` on the command line: the request's options, help and examples.
extension MovieRequest: BoxOfficeCommand {
    static let spec = CommandSpec(
        name: "movie", summary: "one movie's details, by code or by title",
        arguments: [ArgumentSpec(name: "movieCd|title", help: "a KOBIS movie code such as 20124079 (shown by daily and search), or a title to look up")],
        options: [poster.option, Parameter.raw.option],
        discussion: """
        A title is searched like 'boxoffice search': when one movie matches, it is shown; when
        several do, they are listed on stderr with their codes (exit 1), so you can pick one. With
        --json (or another format for scripts), the candidates are also written to stdout as
        'boxoffice search --json' writes them, still with exit 1.
        """,
        examples: ["boxoffice movie 20243561", "boxoffice movie 어쩔수가없다", "boxoffice movie 20243561 --poster --json | jq -r .poster   # needs a poster key",
                   "boxoffice movie 20243561 --json | jq -r '.actors[].name'"],
        fields: CommandSpec.fields(of: Movie.self, MovieWithPoster.self))
}
