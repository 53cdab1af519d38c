/// A `oneOf`/`anyOf` with a discriminator: an enum with one case per member schema.
struct Union {
    struct Case {
        /// The discriminator value until ``NamePass`` turns it into a case name.
        var name: String
        /// The discriminator values that select this case (the first is the one documented).
        let values: [String]
        let type: Declaration
    }

    /// The discriminator property as the SDK coders see it (`petType` for `pet_type`).
    var discriminatorKey: String
    let discriminatorWireKey: String
    var cases: [Case]
}
