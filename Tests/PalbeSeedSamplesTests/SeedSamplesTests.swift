import EmulatorPalbase
import Foundation
import Palbe
import PalbeSample
import Testing

/// The seed samples compile with one import; these run them against the emulator, so each does what
/// the page says it does. `PalbeCorrelation.shared` (the request ID a sample reads) is process-wide, as
/// in an app; ``withSampleBackend(isolation:_:)`` gives each test a record of its own, so these run in
/// parallel with every other suite.
@Suite struct SeedSamplesTests {
    @Test @MainActor func callingYourBackendSamplesRunAsThePageSays() async throws {
        try await withSampleBackend { pb, emulator in
            let screen = TodoScreen(pb: pb)
            let quick = try await screen.quickExample()
            #expect(quick.listed == 0)
            #expect(quick.updated)

            let (todo, list) = try await screen.escapeHatch()
            #expect(todo.title == "Try Palbase")
            #expect(!todo.completed)
            #expect(todo.createdAt.hasSuffix("Z"))
            #expect(list.map(\.id) == [todo.id])

            try await screen.handRolled(todo: todo)
            let archive = try #require(try emulator.recentRequests(limit: 100).last)
            #expect(archive.method == "POST")
            #expect(archive.path == "/todos/\(todo.id)/archive")
            #expect(await screen.requestIDForSupport() == archive.requestID)

            await screen.typedThrows(id: todo.id)
            await screen.typedThrows(id: "missing")
            #expect(screen.shown == ["Try Palbase"])
            #expect(screen.alerts == ["That todo is gone."])
        }
    }

    @Test @MainActor func errorHandlingSamplesReachTheirCases() async throws {
        try await withSampleBackend { pb, _ in
            let screen = ErrorScreen(pb: pb)
            screen.installHook()
            let todo = try await pb.todos.create(.init(title: "Locked"))
            _ = try await pb.todos.lock(id: todo.id, .init(seconds: 42))

            await screen.quickExample(todo: todo)
            #expect(screen.retries == [42])

            var caught: BackendError?
            do throws(BackendError) {
                let _: TodoScreen.Todo = try await pb.call("todos/\(todo.id)", ["completed": true], method: .patch)
            } catch {
                caught = error
            }
            let backendError = try #require(caught)
            screen.decodeByHand(backendError)
            #expect(screen.retries == [42, 42])
            #expect(Telemetry.codes.contains { $0.hasPrefix("todo_locked req_") })

            screen.report(backendError)
            #expect(screen.reports.count == 1)
            #expect(screen.reports[0].hasPrefix("call failed code=todo_locked status=409 request=req_"))

            let field = FieldError(field: "file", message: "too large")
            screen.showValidation(.validation(ValidationFailure(message: "invalid", fields: [field])))
            #expect(screen.fieldErrors == ["file": "too large"])

            #expect(ProtocolSamples.lift(backendError, into: TodosUpdateError.self).isTodoLocked)
            #expect(ProtocolSamples.liftGenerated(backendError, into: TodosUpdateError.self).isTodoLocked)
        }
    }

    @Test @MainActor func authSamplesRunAsThePageSays() async throws {
        try await withAuthSampleBackend { pb, backend in
            let store = SessionStore(pb: pb)
            await store.start()
            let screen = AuthScreen(pb: pb)
            await screen.listen()

            // Email and password, and the one listener.
            try await screen.emailAndPassword()
            let dev = try #require(await pb.auth.currentUser)
            #expect(screen.printed == [dev.id])
            for _ in 0..<1_000 where store.user != dev { await Task.yield() }
            #expect(store.user == dev)
            await screen.signIn(email: "dev@example.com", password: "not-the-password")
            #expect(screen.fieldError == "Wrong email or password.")
            try await store.signIn(email: "dev@example.com", password: "correct-horse")

            // Email verification: another account's link token, and dev's typed code.
            try await pb.auth.signUp(email: "other@example.com", password: "correct-horse")
            try await screen.resend()
            try await screen.verifyEmail(
                token: try backend.inbox(to: "other@example.com", kind: "email_verification")["token"]!,
                code: try backend.inbox(to: "dev@example.com", kind: "email_verification")["code"]!)
            #expect(await screen.appBecameActive().value?.emailVerified == true)
            let (user, fresh, cached, signedIn) = try await screen.currentUser()
            #expect(user.email == "other@example.com" && fresh == user && cached == fresh && signedIn)

            // Phone OTP, and the classifier (the code was used: a second try is wrong).
            try await screen.phoneOTP { try backend.inbox(to: "+15551234567", kind: "otp")["code"]! }
            #expect(await pb.auth.currentUser?.email == nil)
            await screen.classify(phone: "+15551234567", code: "123456")
            #expect(screen.fieldError == "That code isn't right.")

            // Magic link: a session, then an account with a second factor.
            try await screen.sendMagicLink()
            try await screen.completeMagicLink(
                token: try backend.inbox(to: "dev@example.com", kind: "magic_link")["token"]!)
            #expect(screen.printed.last == "welcome \(dev.id)")
            try await backend.admin("PUT", "users/\(dev.id)/mfa", json: #"{"factors":["totp"]}"#)
            try await screen.sendMagicLink()
            try await screen.completeMagicLink(
                token: try backend.inbox(to: "dev@example.com", kind: "magic_link")["token"]!)
            #expect(screen.mfaStarted == ["totp"])
            try await backend.admin("DELETE", "users/\(dev.id)/mfa")

            // The password lifecycle.
            try await screen.forgotPassword()
            try await screen.passwordLifecycle(
                token: try backend.inbox(to: "dev@example.com", kind: "password_reset")["token"]!)
            await screen.setPasswordHandlingErrors("another-password")
            #expect(screen.actions == ["change password"])
            try await pb.auth.signInAnonymously()
            try await screen.credentials()
            #expect(screen.actions.last == "offer set password")
            try await screen.giveAFirstPassword()
            try await screen.credentials()
            #expect(screen.actions.count == 2, "a password now: nothing more to offer")

            // Deletion that fails, each code to its own UI.
            await screen.deleteAccount(password: "not-it")
            #expect(screen.actions.last == "sign in again")
            for (status, code) in [(501, "not_configured"), (503, "erasure_unavailable")] {
                try backend.emulator.addFault(
                    .status(status, error: code), method: "POST", pathPrefix: "/auth/account/delete", count: 1)
                await screen.deleteAccount(password: "a-strong-new-password")
            }
            #expect(screen.toasts == ["Account deletion isn't available here."])
            #expect(screen.actions.last == "retry")

            // Sign-out, a session that expires, and a deletion that succeeds.
            try await screen.signOut()
            for _ in 0..<1_000 where store.user != nil { await Task.yield() }
            #expect(store.user == nil)
            let erased = try await pb.auth.signUp(email: "erase@example.com", password: "the-user-password").user
            try await screen.deleteAccountAsWritten()
            #expect(await pb.auth.isSignedIn == false)
            try await store.signIn(email: "dev@example.com", password: "newer-password")
            try await backend.admin("DELETE", "users/\(dev.id)/sessions")
            _ = try? await pb.auth.getUser()
            for _ in 0..<1_000 where !screen.heard.contains("expired") { await Task.yield() }
            #expect(screen.heard.contains("expired"))
            #expect(screen.heard.contains("state \(AuthState.signedIn(erased))"))
            #expect(screen.heard.contains("user true"), "emailVerified flipped")
        }
    }

    @Test func valueSamplesEncodeTheThreeIntentions() throws {
        struct Patch: Encodable {
            let note: Nullable<String>?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = { (value: Nullable<String>?) in
            String(decoding: try encoder.encode(Patch(note: value)), as: UTF8.self)
        }
        #expect(try text(ValueSamples.leaveAlone) == "{}")
        #expect(try text(ValueSamples.clear) == #"{"note":null}"#)
        #expect(try text(ValueSamples.set) == #"{"note":"oat"}"#)
        #expect(ValueSamples.fromOptional.wrapped == nil)
        #expect(ValueSamples.details["current_epoch"] == .int(3))
    }
}

extension TodosUpdateError {
    fileprivate var isTodoLocked: Bool {
        if case .todoLocked = self { true } else { false }
    }
}
