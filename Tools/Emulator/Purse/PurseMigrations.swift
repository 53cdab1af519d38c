import EmulatorCore

/// The Purse emulator's tables, as migrations in its reserved version range 400–499.
///
/// Times are integer milliseconds since the epoch on the service's clock (real time plus the admin offset).
/// No table has a column for a card number or a CVV: the vault keeps a token, the brand, the last four
/// digits, the expiry and the test behaviour the number selected.
enum PurseMigrations {
    /// Every migration, ascending.
    static let all: [Migration] = [tables, splits, giftReservations, returnURLs]

    static let tables = Migration(
        version: 400,
        sql: """
            CREATE TABLE purse_sessions (
                id TEXT PRIMARY KEY,
                secret_hash TEXT NOT NULL UNIQUE,
                entity_id TEXT NOT NULL,
                amount INTEGER NOT NULL,
                currency TEXT NOT NULL,
                capture_mode TEXT NOT NULL,
                redirection_url TEXT,
                order_reference TEXT,
                status TEXT NOT NULL,
                submit_key TEXT,
                payment_id TEXT,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL
            );
            CREATE TABLE purse_card_tokens (
                token TEXT PRIMARY KEY,
                session_id TEXT NOT NULL,
                brand TEXT NOT NULL,
                last4 TEXT NOT NULL,
                expiry_month INTEGER NOT NULL,
                expiry_year INTEGER NOT NULL,
                behaviour TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE TABLE purse_payments (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE,
                session_id TEXT NOT NULL,
                idempotency_key TEXT NOT NULL,
                method TEXT NOT NULL,
                partner TEXT NOT NULL,
                amount INTEGER NOT NULL,
                global_status TEXT NOT NULL,
                code TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                settles_at INTEGER,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX purse_payments_by_session ON purse_payments (session_id, seq);
            CREATE TABLE purse_idempotency (
                key TEXT PRIMARY KEY,
                session_id TEXT NOT NULL,
                fingerprint TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('executing', 'completed')),
                status INTEGER,
                response BLOB,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX purse_idempotency_by_session ON purse_idempotency (session_id, created_at);
            CREATE TABLE purse_method_states (
                method_id TEXT PRIMARY KEY,
                code TEXT NOT NULL,
                message TEXT NOT NULL
            );
            """)
}

extension PurseMigrations {
    /// Part 2: gift-card items (`items/init`) with their balances, the items a split payment took, and
    /// whether a payment asked to save its token. No column holds a gift card's number or PIN: the
    /// last four digits only.
    static let splits = Migration(
        version: 401,
        sql: """
            ALTER TABLE purse_payments ADD COLUMN save_token INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE purse_gift_items (
                id TEXT PRIMARY KEY,
                session_id TEXT NOT NULL,
                idempotency_key TEXT UNIQUE,
                method TEXT NOT NULL,
                partner TEXT NOT NULL,
                last4 TEXT NOT NULL,
                initial_balance INTEGER NOT NULL,
                balance INTEGER NOT NULL,
                currency TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE TABLE purse_payment_items (
                payment_id TEXT NOT NULL,
                item_id TEXT NOT NULL,
                method TEXT NOT NULL,
                partner TEXT NOT NULL,
                amount INTEGER NOT NULL,
                PRIMARY KEY (payment_id, item_id)
            );
            """)

    /// A gift card's balance is reserved per session: `card_ref` names the card (a keyed hash, see
    /// `PurseEmulator.giftCardKey`), so a second `items/init` of the same card carries only what the
    /// first left.
    static let giftReservations = Migration(
        version: 402,
        sql: """
            ALTER TABLE purse_gift_items ADD COLUMN card_ref TEXT;
            CREATE INDEX purse_gift_items_card ON purse_gift_items (session_id, card_ref);
            """)

    /// The return URL `validate` registered for a partner payment: the only place its partner page
    /// sends the shopper back to.
    static let returnURLs = Migration(
        version: 403,
        sql: "ALTER TABLE purse_payments ADD COLUMN return_url TEXT;")
}
