/// The demo's recordings, by file name: the files of `Samples/`, copies of recordings in
/// `Fixtures/kobis` (a test holds them equal), compiled into the program by SwiftPM
/// (`.embedInCode`), so that `--demo` works wherever boxoffice is installed. A run touches only
/// the recordings it answers from: each is reached by its name, never all of them gathered.
package enum SampleRecordings {
    /// Every recording's file name, sorted.
    package static let names: [String] = [
        "codelist_0105000000_synthetic-wrapped.json",
        "companyinfo_20100109_synthetic.json",
        "companylist_companyNm-CJ_synthetic.json",
        "daily_20120101_official-sample.json",
        "daily_20220105.json",
        "daily_20220121.json",
        "daily_20220315.json",
        "daily_20221030.json",
        "daily_20221221.json",
        "daily_20230423.json",
        "daily_20250826_fetched-0030KST-next-day.json",
        "daily_20250908.json",
        "daily_20250909.json",
        "daily_20250910.json",
        "daily_20250911.json",
        "daily_20250912.json",
        "daily_20250913.json",
        "daily_20250914.json",
        "daily_20250915.json",
        "daily_20250916.json",
        "daily_20250917.json",
        "daily_20250918.json",
        "daily_20250919.json",
        "daily_20250920.json",
        "daily_20250921.json",
        "daily_20250922.json",
        "daily_20250923.json",
        "daily_20250925.json",
        "daily_20250926.json",
        "daily_20250927.json",
        "daily_20250928.json",
        "daily_20250929.json",
        "daily_20250930.json",
        "daily_20251001.json",
        "daily_20251002.json",
        "daily_20251003.json",
        "daily_20251004.json",
        "daily_20251005.json",
        "daily_20251006.json",
        "daily_20251007.json",
        "daily_20251008.json",
        "daily_20251009.json",
        "daily_20251010.json",
        "daily_20251011.json",
        "daily_20251012.json",
        "daily_20251013.json",
        "daily_20251014.json",
        "daily_20251015.json",
        "daily_20251016.json",
        "daily_20251017.json",
        "daily_20251018.json",
        "daily_20251019.json",
        "daily_20251021.json",
        "daily_20251022.json",
        "daily_20251023.json",
        "daily_20251024.json",
        "daily_20251025.json",
        "daily_20251026.json",
        "daily_20251027.json",
        "daily_20251028.json",
        "movieinfo_20030047.json",
        "movieinfo_20124079_capture-b.json",
        "movieinfo_20194376.json",
        "movieinfo_20198429.json",
        "movieinfo_20210546.json",
        "movieinfo_20212077.json",
        "movieinfo_20218541_later-capture.json",
        "movieinfo_20228988.json",
        "movieinfo_20233039.json",
        "movieinfo_20236180.json",
        "movieinfo_20240206.json",
        "movieinfo_20241941.json",
        "movieinfo_20242964.json",
        "movieinfo_20243561.json",
        "movieinfo_20243864.json",
        "movieinfo_20244606.json",
        "movieinfo_20245485.json",
        "movieinfo_20246333.json",
        "movieinfo_20247245.json",
        "movieinfo_20249072.json",
        "movieinfo_20253289.json",
        "movieinfo_20254021.json",
        "movieinfo_20254501.json",
        "movieinfo_20256071.json",
        "movieinfo_20256281.json",
        "movieinfo_20256397.json",
        "movieinfo_20256526.json",
        "movieinfo_20256684.json",
        "movieinfo_20256701.json",
        "movieinfo_20256702.json",
        "movieinfo_20256757.json",
        "movieinfo_20256864.json",
        "movieinfo_20256962.json",
        "movieinfo_20257083.json",
        "movieinfo_20257095.json",
        "movieinfo_20257208.json",
        "movieinfo_20257229.json",
        "movieinfo_20257321.json",
        "movieinfo_20257570.json",
        "movieinfo_20257658.json",
        "movieinfo_20257670.json",
        "movielist_movieNm-crime-war.json",
        "peopleinfo_10000066.json",
        "peoplelist_peopleNm-bongjoonho.json",
        "weekly_weekGb1_20120101_official-sample.json",
    ]

    /// The bytes of the recording with this file name.
    package static func bytes(named name: String) -> [UInt8]? {
        switch name {
        case "codelist_0105000000_synthetic-wrapped.json": PackageResources.codelist_0105000000_synthetic_wrapped_json
        case "companyinfo_20100109_synthetic.json": PackageResources.companyinfo_20100109_synthetic_json
        case "companylist_companyNm-CJ_synthetic.json": PackageResources.companylist_companyNm_CJ_synthetic_json
        case "daily_20120101_official-sample.json": PackageResources.daily_20120101_official_sample_json
        case "daily_20220105.json": PackageResources.daily_20220105_json
        case "daily_20220121.json": PackageResources.daily_20220121_json
        case "daily_20220315.json": PackageResources.daily_20220315_json
        case "daily_20221030.json": PackageResources.daily_20221030_json
        case "daily_20221221.json": PackageResources.daily_20221221_json
        case "daily_20230423.json": PackageResources.daily_20230423_json
        case "daily_20250826_fetched-0030KST-next-day.json": PackageResources.daily_20250826_fetched_0030KST_next_day_json
        case "daily_20250908.json": PackageResources.daily_20250908_json
        case "daily_20250909.json": PackageResources.daily_20250909_json
        case "daily_20250910.json": PackageResources.daily_20250910_json
        case "daily_20250911.json": PackageResources.daily_20250911_json
        case "daily_20250912.json": PackageResources.daily_20250912_json
        case "daily_20250913.json": PackageResources.daily_20250913_json
        case "daily_20250914.json": PackageResources.daily_20250914_json
        case "daily_20250915.json": PackageResources.daily_20250915_json
        case "daily_20250916.json": PackageResources.daily_20250916_json
        case "daily_20250917.json": PackageResources.daily_20250917_json
        case "daily_20250918.json": PackageResources.daily_20250918_json
        case "daily_20250919.json": PackageResources.daily_20250919_json
        case "daily_20250920.json": PackageResources.daily_20250920_json
        case "daily_20250921.json": PackageResources.daily_20250921_json
        case "daily_20250922.json": PackageResources.daily_20250922_json
        case "daily_20250923.json": PackageResources.daily_20250923_json
        case "daily_20250925.json": PackageResources.daily_20250925_json
        case "daily_20250926.json": PackageResources.daily_20250926_json
        case "daily_20250927.json": PackageResources.daily_20250927_json
        case "daily_20250928.json": PackageResources.daily_20250928_json
        case "daily_20250929.json": PackageResources.daily_20250929_json
        case "daily_20250930.json": PackageResources.daily_20250930_json
        case "daily_20251001.json": PackageResources.daily_20251001_json
        case "daily_20251002.json": PackageResources.daily_20251002_json
        case "daily_20251003.json": PackageResources.daily_20251003_json
        case "daily_20251004.json": PackageResources.daily_20251004_json
        case "daily_20251005.json": PackageResources.daily_20251005_json
        case "daily_20251006.json": PackageResources.daily_20251006_json
        case "daily_20251007.json": PackageResources.daily_20251007_json
        case "daily_20251008.json": PackageResources.daily_20251008_json
        case "daily_20251009.json": PackageResources.daily_20251009_json
        case "daily_20251010.json": PackageResources.daily_20251010_json
        case "daily_20251011.json": PackageResources.daily_20251011_json
        case "daily_20251012.json": PackageResources.daily_20251012_json
        case "daily_20251013.json": PackageResources.daily_20251013_json
        case "daily_20251014.json": PackageResources.daily_20251014_json
        case "daily_20251015.json": PackageResources.daily_20251015_json
        case "daily_20251016.json": PackageResources.daily_20251016_json
        case "daily_20251017.json": PackageResources.daily_20251017_json
        case "daily_20251018.json": PackageResources.daily_20251018_json
        case "daily_20251019.json": PackageResources.daily_20251019_json
        case "daily_20251021.json": PackageResources.daily_20251021_json
        case "daily_20251022.json": PackageResources.daily_20251022_json
        case "daily_20251023.json": PackageResources.daily_20251023_json
        case "daily_20251024.json": PackageResources.daily_20251024_json
        case "daily_20251025.json": PackageResources.daily_20251025_json
        case "daily_20251026.json": PackageResources.daily_20251026_json
        case "daily_20251027.json": PackageResources.daily_20251027_json
        case "daily_20251028.json": PackageResources.daily_20251028_json
        case "movieinfo_20030047.json": PackageResources.movieinfo_20030047_json
        case "movieinfo_20124079_capture-b.json": PackageResources.movieinfo_20124079_capture_b_json
        case "movieinfo_20194376.json": PackageResources.movieinfo_20194376_json
        case "movieinfo_20198429.json": PackageResources.movieinfo_20198429_json
        case "movieinfo_20210546.json": PackageResources.movieinfo_20210546_json
        case "movieinfo_20212077.json": PackageResources.movieinfo_20212077_json
        case "movieinfo_20218541_later-capture.json": PackageResources.movieinfo_20218541_later_capture_json
        case "movieinfo_20228988.json": PackageResources.movieinfo_20228988_json
        case "movieinfo_20233039.json": PackageResources.movieinfo_20233039_json
        case "movieinfo_20236180.json": PackageResources.movieinfo_20236180_json
        case "movieinfo_20240206.json": PackageResources.movieinfo_20240206_json
        case "movieinfo_20241941.json": PackageResources.movieinfo_20241941_json
        case "movieinfo_20242964.json": PackageResources.movieinfo_20242964_json
        case "movieinfo_20243561.json": PackageResources.movieinfo_20243561_json
        case "movieinfo_20243864.json": PackageResources.movieinfo_20243864_json
        case "movieinfo_20244606.json": PackageResources.movieinfo_20244606_json
        case "movieinfo_20245485.json": PackageResources.movieinfo_20245485_json
        case "movieinfo_20246333.json": PackageResources.movieinfo_20246333_json
        case "movieinfo_20247245.json": PackageResources.movieinfo_20247245_json
        case "movieinfo_20249072.json": PackageResources.movieinfo_20249072_json
        case "movieinfo_20253289.json": PackageResources.movieinfo_20253289_json
        case "movieinfo_20254021.json": PackageResources.movieinfo_20254021_json
        case "movieinfo_20254501.json": PackageResources.movieinfo_20254501_json
        case "movieinfo_20256071.json": PackageResources.movieinfo_20256071_json
        case "movieinfo_20256281.json": PackageResources.movieinfo_20256281_json
        case "movieinfo_20256397.json": PackageResources.movieinfo_20256397_json
        case "movieinfo_20256526.json": PackageResources.movieinfo_20256526_json
        case "movieinfo_20256684.json": PackageResources.movieinfo_20256684_json
        case "movieinfo_20256701.json": PackageResources.movieinfo_20256701_json
        case "movieinfo_20256702.json": PackageResources.movieinfo_20256702_json
        case "movieinfo_20256757.json": PackageResources.movieinfo_20256757_json
        case "movieinfo_20256864.json": PackageResources.movieinfo_20256864_json
        case "movieinfo_20256962.json": PackageResources.movieinfo_20256962_json
        case "movieinfo_20257083.json": PackageResources.movieinfo_20257083_json
        case "movieinfo_20257095.json": PackageResources.movieinfo_20257095_json
        case "movieinfo_20257208.json": PackageResources.movieinfo_20257208_json
        case "movieinfo_20257229.json": PackageResources.movieinfo_20257229_json
        case "movieinfo_20257321.json": PackageResources.movieinfo_20257321_json
        case "movieinfo_20257570.json": PackageResources.movieinfo_20257570_json
        case "movieinfo_20257658.json": PackageResources.movieinfo_20257658_json
        case "movieinfo_20257670.json": PackageResources.movieinfo_20257670_json
        case "movielist_movieNm-crime-war.json": PackageResources.movielist_movieNm_crime_war_json
        case "peopleinfo_10000066.json": PackageResources.peopleinfo_10000066_json
        case "peoplelist_peopleNm-bongjoonho.json": PackageResources.peoplelist_peopleNm_bongjoonho_json
        case "weekly_weekGb1_20120101_official-sample.json": PackageResources.weekly_weekGb1_20120101_official_sample_json
        default: nil
        }
    }
}
