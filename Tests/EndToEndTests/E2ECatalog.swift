/// Product identifiers of `Config/catalog.example.json` the end-to-end scenarios use.
enum E2ECatalog {
    /// Monthly, group `news`, no introductory offer: the plainest life.
    static let monthly = "news.basic.monthly"
    /// Monthly with a one-month free trial, group `news`, highest level.
    static let premiumMonthly = "news.premium.monthly"
    /// Annual, group `news`.
    static let premiumAnnual = "news.premium.annual"
    /// Monthly with a pay-as-you-go offer, group `news`, middle level.
    static let standardMonthly = "news.standard.monthly"
}
