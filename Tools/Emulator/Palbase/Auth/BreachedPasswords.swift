import EmulatorCore

/// The emulator's stand-in for a breached-password check: a small built-in list of passwords that top every
/// published breach corpus, refused with 400 `password_breached` at sign-up, reset and change.
///
/// A real stack asks a breach database; the emulator only needs a password that reliably trips the check, so
/// tests and demos use `password123`. The comparison ignores case. Every entry is at least 8 characters, so
/// it is refused as breached (not as too short) under the default bounds.
enum BreachedPasswords {
    static let list: Set<String> = [
        "password", "password1", "password12", "password123", "password1234", "passw0rd", "12345678", "123456789",
        "1234567890", "11111111", "00000000", "87654321", "qwerty123", "qwertyuiop", "1q2w3e4r", "1qaz2wsx",
        "iloveyou", "sunshine", "princess", "football", "baseball", "superman", "trustno1", "letmein1",
        "welcome1", "welcome123", "admin123", "abc12345", "abcd1234", "changeme", "monkey123", "dragon123",
    ]

    /// Whether `password` is on the list.
    static func contains(_ password: String) -> Bool {
        list.contains(password.lowercased())
    }
}
