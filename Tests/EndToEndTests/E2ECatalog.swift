/// Product identifiers of `Config/catalog.example.json` the end-to-end scenarios use.
enum E2ECatalog {
    static let monthly = "com.example.premium.monthly"
}
