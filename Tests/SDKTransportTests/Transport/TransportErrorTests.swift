import ErrorCore
import Foundation
import SDKTransport
import Testing

@Suite struct TransportErrorTests {
    @Test func urlErrorCarriesCodeMessageAndRequestSent() {
        let error = TransportError(code: .timedOut, requestSent: true, message: "curl error 28: timed out")
        let urlError = error.urlError
        #expect(urlError.code == .timedOut)
        #expect(urlError.localizedDescription == "curl error 28: timed out")
        #expect(urlError.userInfo[TransportError.requestSentUserInfoKey] as? Bool == true)
    }

    @Test func descriptionNamesTheCode() {
        let error = TransportError(code: .cannotConnectToHost, requestSent: false, message: "refused")
        #expect(error.description == "cannotConnectToHost (requestSent: false): refused")
        let odd = TransportError(code: .cannotCreateFile, requestSent: true, message: "m")
        #expect(odd.description == "URLError(-3000) (requestSent: true): m")
    }

    @Test func equalityCoversEveryField() {
        let base = TransportError(code: .timedOut, requestSent: true, message: "m")
        #expect(base == TransportError(code: .timedOut, requestSent: true, message: "m"))
        #expect(base != TransportError(code: .timedOut, requestSent: false, message: "m"))
        #expect(base != TransportError(code: .badURL, requestSent: true, message: "m"))
    }
}
