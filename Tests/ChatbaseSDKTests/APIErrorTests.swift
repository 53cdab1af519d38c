import ChatbaseSDK
import ErrorCore
import Foundation
import Testing

@Suite struct APIErrorTests {
    @Test func shortcutsAreSetOnlyForHTTPErrors() {
        let http = APIError.httpError(
            statusCode: 402, detail: APIErrorDetail(code: "CHAT_CREDITS_EXHAUSTED", message: "m"))
        #expect(http.statusCode == 402)
        #expect(http.apiCode == "CHAT_CREDITS_EXHAUSTED")
        #expect(http.errorCode == "CHAT_CREDITS_EXHAUSTED")

        let network = APIError.networkError(URLError(.timedOut))
        #expect(network.statusCode == nil)
        #expect(network.apiCode == nil)
        #expect(network.errorCode == "NETWORK_ERROR")
        #expect(APIError.invalidResponse.statusCode == nil)
    }

    @Test func descriptionCarriesCodeMessageAndStatusOnly() {
        let error = APIError.httpError(
            statusCode: 401, detail: APIErrorDetail(code: "AUTH_INVALID_JWT", message: "Token expired"))
        #expect(error.localizedDescription == "Chatbase AUTH_INVALID_JWT (HTTP 401): Token expired")
    }
}
