import Palbe
import PalbeSample  // the app's own generated client: in an app it is committed into the app's target

// The code samples of seeds/palbe-error-handling.md that apply to what is built today (the AuthError
// samples arrive with pb.auth), as written, in a file that imports only Palbe and the generated code.
//
// One deviation: the page's quick example switches over `.todoLocked` and `.other`; the sample
// backend's `todos.update` also declares `todo_not_found`, so the switch handles it too.

/// What a screen shows or schedules after a failure.
@MainActor final class ErrorScreen {
    let pb: PalbeClient
    private(set) var retries: [Int] = []
    private(set) var alerts: [String] = []
    private(set) var fieldErrors: [String: String] = [:]
    private(set) var reports: [String] = []

    init(pb: PalbeClient) {
        self.pb = pb
    }

    func scheduleRetry(after seconds: Int) { retries.append(seconds) }
    func showAlert(_ message: String) { alerts.append(message) }

    /// "Quick example": the generated method throws `TodosUpdateError`.
    func quickExample(todo: TodosGetResponse) async {
        do {
            try await pb.todos.update(id: todo.id, .init(completed: true))
        } catch {
            // `error` is a TodosUpdateError — typed throws, no casting
            switch error {
            case .todoLocked(let info):
                scheduleRetry(after: info.retryAfter)  // typed payload from the backend
            case .todoNotFound:
                showAlert("That todo is gone.")
            case .other(let backend):
                showAlert(backend.localizedDescription)  // everything else, uniformly
            }
        }
    }

    /// "ServerFailure": decoding a typed payload by hand.
    func decodeByHand(_ backendError: BackendError) {
        struct TodoLockedData: Decodable { let retryAfter: Int }

        if case .server(let failure) = backendError, failure.code == "todo_locked" {
            if let info = failure.decodeData(TodoLockedData.self) {
                scheduleRetry(after: info.retryAfter)
            }
        }
    }

    /// "ValidationFailure": per-field errors onto a form.
    func showValidation(_ error: BackendError) {
        switch error {
        case .validation(let v):
            for fieldError in v.fields {
                form.showError(field: fieldError.field, message: fieldError.message)
            }
        default:
            break
        }
    }

    /// "Uniform accessors": logging any Palbase error without a switch.
    func report(_ error: any PalbaseError) {
        logger.error("call failed code=\(error.code) status=\(error.statusCode ?? 0) request=\(error.requestId ?? "-")")
    }

    /// "The central error hook".
    func installHook() {
        pb.configure { error in
            Telemetry.record(code: error.code, requestId: error.requestId)
        }
    }

    /// The page's `form`, `logger` and `Telemetry`, as small as the samples need.
    var form: Form { Form(screen: self) }
    var logger: Logger { Logger(screen: self) }

    struct Form {
        let screen: ErrorScreen
        @MainActor func showError(field: String, message: String) { screen.fieldErrors[field] = message }
    }

    struct Logger {
        let screen: ErrorScreen
        @MainActor func error(_ message: String) { screen.reports.append(message) }
    }
}

/// "Generated per-endpoint errors": the two spellings of one protocol.
enum ProtocolSamples {
    static func lift<Failure: PBError>(_ backend: BackendError, into: Failure.Type) -> Failure { Failure(backend) }
    static func liftGenerated<Failure: GeneratedFailure>(_ backend: BackendError, into: Failure.Type) -> Failure {
        Failure(backend)
    }
}
