/// The history database's schema, as `../shared/cli.md` fixes it (stable, like the JSON): its
/// tables, views and version. A database of an older version is migrated forward, step by step,
/// each step in the transaction that sets its version; a newer one is refused untouched.
package enum HistorySchema {
    /// The schema's version (`PRAGMA user_version`).
    package static let version: Int64 = 1
    /// `PRAGMA application_id` ('BOXH'): the file is a boxoffice history, not another program's database.
    package static let applicationID: Int64 = 0x424F_5848

    /// The lists a day's ranking is kept in: KOBIS's top 10, and the four filtered lists a deep sync reads.
    package static let lists = ["all", "korean_diversity", "korean_commercial", "foreign_diversity", "foreign_commercial"]

    /// The statements that take a database of version `from - 1` to version `from`.
    static func migration(to version: Int64) -> String? {
        switch version {
        case 1: first
        default: nil
        }
    }

    /// Version 1: the daily lists, the films' details, the revisions, and the views over them.
    static let first = """
    CREATE TABLE ranking_day (
        date TEXT NOT NULL,
        list TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        provisional INTEGER NOT NULL,
        PRIMARY KEY (date, list)
    ) WITHOUT ROWID;
    CREATE TABLE ranking (
        date TEXT NOT NULL,
        list TEXT NOT NULL,
        rank INTEGER NOT NULL,
        movie_code TEXT NOT NULL,
        title TEXT NOT NULL,
        open_date TEXT,
        audience INTEGER,
        audience_change INTEGER,
        audience_total INTEGER,
        sales INTEGER,
        sales_share REAL,
        sales_change INTEGER,
        sales_total INTEGER,
        screens INTEGER,
        shows INTEGER,
        rank_change INTEGER,
        is_new INTEGER NOT NULL,
        PRIMARY KEY (date, list, rank),
        FOREIGN KEY (date, list) REFERENCES ranking_day (date, list) ON DELETE CASCADE
    ) WITHOUT ROWID;
    CREATE INDEX ranking_by_movie ON ranking (movie_code, list, date);
    CREATE TABLE movie (
        movie_code TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        title_english TEXT,
        production_year INTEGER,
        open_date TEXT,
        status TEXT,
        grade TEXT,
        runtime INTEGER,
        genres TEXT,
        nations TEXT,
        directors TEXT,
        distributors TEXT,
        fetched_at TEXT NOT NULL
    );
    CREATE TABLE revision (
        date TEXT NOT NULL,
        list TEXT NOT NULL,
        movie_code TEXT NOT NULL,
        field TEXT NOT NULL,
        old_value,
        new_value,
        seen_at TEXT NOT NULL
    );
    CREATE INDEX revision_by_day ON revision (date, list);
    CREATE VIEW film AS
    SELECT r.movie_code,
           (SELECT l.title FROM ranking l WHERE l.movie_code = r.movie_code AND l.list = 'all' ORDER BY l.date DESC LIMIT 1) AS title,
           (SELECT l.open_date FROM ranking l WHERE l.movie_code = r.movie_code AND l.list = 'all' ORDER BY l.date DESC LIMIT 1) AS open_date,
           MIN(r.date) AS first_date,
           MAX(r.date) AS last_date,
           COUNT(*) AS days_in_top10,
           MIN(r.rank) AS best_rank,
           SUM(r.rank = 1) AS days_at_number_one,
           (SELECT l.audience_total FROM ranking l WHERE l.movie_code = r.movie_code AND l.list = 'all' ORDER BY l.date DESC LIMIT 1) AS audience_total,
           (SELECT l.sales_total FROM ranking l WHERE l.movie_code = r.movie_code AND l.list = 'all' ORDER BY l.date DESC LIMIT 1) AS sales_total
    FROM ranking r
    WHERE r.list = 'all'
    GROUP BY r.movie_code;
    CREATE VIEW market_day AS
    SELECT date,
           CAST(ROUND(AVG(CASE WHEN sales_share > 0 AND sales IS NOT NULL THEN sales * 100.0 / sales_share END)) AS INTEGER) AS market_sales,
           SUM(sales) AS top10_sales
    FROM ranking
    WHERE list = 'all'
    GROUP BY date;
    """
}
