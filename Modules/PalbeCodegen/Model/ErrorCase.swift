/// A declared error of an operation (`x-palbase-errors`).
struct ErrorCase {
    let code: String
    var name: String
    let status: Int?
    let doc: String?
    /// The nested payload type (`RoomLockedData`) when the error declares `data`.
    let payload: Declaration?
}
