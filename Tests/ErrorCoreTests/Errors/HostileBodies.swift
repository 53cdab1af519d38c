import Foundation

/// Bodies no error reader may choke on: each must give a result, never a throw or a trap.
enum HostileBodies {
    static let wrongTypes = """
        {"error":{"code":1},"error_description":[1],"status":"409","request_id":7,"details":{"a":1},"data":null,
        "error_code":false,"detail":{},"title":3,"errors":"x","fields":null,"code":[],"message":{}}
        """

    static let all: [(name: String, body: Data)] = [
        ("empty", Data()),
        ("whitespace", Data("  \n\t ".utf8)),
        ("null", Data("null".utf8)),
        ("empty array", Data("[]".utf8)),
        ("array of objects", Data(#"[{"error":"x"}]"#.utf8)),
        ("string", Data(#""oops""#.utf8)),
        ("number", Data("42".utf8)),
        ("boolean", Data("true".utf8)),
        ("empty object", Data("{}".utf8)),
        ("truncated JSON", Data(#"{"error":"todo_locked","error_descr"#.utf8)),
        ("HTML", Data("<html><body><h1>502 Bad Gateway</h1></body></html>".utf8)),
        ("invalid UTF-8", Data([0x7B, 0x22, 0x65, 0xFF, 0xFE, 0x22, 0x7D])),
        ("binary", Data((0..<256).map { UInt8($0) })),
        ("deep nesting", Data((String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)).utf8)),
        (
            "deep object",
            Data((String(repeating: #"{"a":"#, count: 20_000) + "1" + String(repeating: "}", count: 20_000)).utf8)
        ),
        ("huge string", Data(("{\"error\":\"" + String(repeating: "x", count: 2_000_000) + "\"}").utf8)),
        ("wrong types everywhere", Data(wrongTypes.utf8)),
        ("NUL bytes", Data([0x00, 0x00, 0x00])),
        ("BOM then JSON", Data([0xEF, 0xBB, 0xBF] + Array(#"{"error":"x"}"#.utf8))),
    ]
}
