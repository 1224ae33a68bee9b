/// The demo's recordings, by file name: the files of `Samples/`, copies of recordings in
/// `Fixtures/kobis` (a test holds them equal), compiled into the program by SwiftPM
/// (`.embedInCode`), so that `--demo` works wherever boxoffice is installed.
enum SampleRecordings {
    static let files: [String: [UInt8]] = [
        "codelist_0105000000_synthetic-wrapped.json": PackageResources.codelist_0105000000_synthetic_wrapped_json,
        "companyinfo_20100109_synthetic.json": PackageResources.companyinfo_20100109_synthetic_json,
        "companylist_companyNm-CJ_synthetic.json": PackageResources.companylist_companyNm_CJ_synthetic_json,
        "daily_20120101_official-sample.json": PackageResources.daily_20120101_official_sample_json,
        "daily_20220105.json": PackageResources.daily_20220105_json,
        "daily_20220121.json": PackageResources.daily_20220121_json,
        "daily_20220315.json": PackageResources.daily_20220315_json,
        "daily_20221030.json": PackageResources.daily_20221030_json,
        "daily_20221221.json": PackageResources.daily_20221221_json,
        "daily_20230423.json": PackageResources.daily_20230423_json,
        "daily_20250826_fetched-0030KST-next-day.json": PackageResources.daily_20250826_fetched_0030KST_next_day_json,
        "movieinfo_20124079_capture-b.json": PackageResources.movieinfo_20124079_capture_b_json,
        "movieinfo_20194376.json": PackageResources.movieinfo_20194376_json,
        "movieinfo_20198429.json": PackageResources.movieinfo_20198429_json,
        "movieinfo_20212077.json": PackageResources.movieinfo_20212077_json,
        "movieinfo_20218541_later-capture.json": PackageResources.movieinfo_20218541_later_capture_json,
        "movieinfo_20236180.json": PackageResources.movieinfo_20236180_json,
        "movielist_movieNm-crime-war.json": PackageResources.movielist_movieNm_crime_war_json,
        "peopleinfo_10000066.json": PackageResources.peopleinfo_10000066_json,
        "peoplelist_peopleNm-bongjoonho.json": PackageResources.peoplelist_peopleNm_bongjoonho_json,
        "weekly_weekGb1_20120101_official-sample.json": PackageResources.weekly_weekGb1_20120101_official_sample_json,
    ]
}
