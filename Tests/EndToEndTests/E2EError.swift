/// A failure of the end-to-end harness, saying what went wrong.
struct E2EError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
