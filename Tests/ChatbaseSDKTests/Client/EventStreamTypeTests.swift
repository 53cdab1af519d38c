import Testing

@testable import ChatbaseSDK

/// Which `Content-Type` values the client reads as an event stream.
@Suite struct EventStreamTypeTests {
    @Test(arguments: [
        "text/event-stream", "Text/Event-Stream", "text/event-stream; charset=utf-8", " text/event-stream ;x=y",
        "TEXT/EVENT-STREAM\t",
    ])
    func acceptsTheMediaTypeWithAnyCaseAndParameters(_ value: String) {
        #expect(ChatbaseHTTP.isEventStream(value))
    }

    @Test(arguments: [
        "application/json", "", ";text/event-stream", "text/event-streams", "text/event", "x-text/event-stream",
        "text/event-stream-extra; a=b",
    ])
    func rejectsOtherMediaTypes(_ value: String) {
        #expect(!ChatbaseHTTP.isEventStream(value))
    }
}
