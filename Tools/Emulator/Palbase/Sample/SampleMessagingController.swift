import EmulatorCore
import ErrorCore
import Foundation

/// `MessagingController` of the sample backend: operation `messaging.send`, whose namespace the SDK reserves.
///
/// It exists so the code generator's reserved-namespace rule has something to skip; the route itself works
/// like any other (`POST /messages`, `not_found` when the room is not the caller's).
struct SampleMessagingController {
    let context: SampleContext

    /// POST /messages `{room_id, text}` → 201 `{id, room_id, text, created_at}`.
    func send() throws -> PalbaseResponse {
        var body = try context.body()
        let roomID = body.string("room_id", required: true)
        let text = body.string("text", required: true)
        try body.finish()

        var rules = SampleRules()
        if let text {
            rules.require(
                !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "text", "Must not be empty")
        }
        rules.length(text, field: "text", limits: context.limits("text"))
        try rules.finish()

        let id = context.newID("msg")
        try context.store.transaction {
            _ = try SampleRoomsController(context: context).fetch(roomID ?? "")
            try context.store.execute(
                "INSERT INTO sample_messages (tenant, id, room_id, text, created_at) VALUES (?, ?, ?, ?, ?)",
                [.text(context.tenant), .text(id), .text(roomID ?? ""), .text(text ?? ""), .integer(context.now)])
        }
        return .json(
            .object([
                "id": .string(id), "room_id": .string(roomID ?? ""), "text": .string(text ?? ""),
                "created_at": SampleJSON.timestamp(context.now),
            ]), status: 201)
    }
}
