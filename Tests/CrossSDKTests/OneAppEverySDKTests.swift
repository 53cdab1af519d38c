import ChatbaseSDK
import Palbe
import PurseCheckout
import Testing

/// One app imports every SDK (issue 28 §4): the names two SDKs share resolve through their module, which no
/// type of the module shadows (the client class is `PalbeClient`, not `Palbe`). Compiling this file is most of
/// the test; the expectations pin that each qualified name is the SDK's own type.
@Suite struct OneAppEverySDKTests {
    @Test func aNameTwoSDKsShareIsNamedThroughItsModule() {
        let palbe: Palbe.AuthState = .signedOut
        let chatbase: ChatbaseSDK.AuthState = .anonymous
        #expect(palbe == .signedOut)
        #expect(chatbase.description == "anonymous")
        #expect(String(reflecting: Palbe.AuthState.self) == "Palbe.AuthState")
        #expect(String(reflecting: ChatbaseSDK.AuthState.self) == "ChatbaseSDK.AuthState")
    }

    @Test func everySDKsEntryPointIsNamedThroughItsModule() {
        #expect(String(reflecting: Palbe.PalbeClient.self) == "Palbe.PalbeClient")
        #expect(String(reflecting: ChatbaseSDK.ChatbaseClient.self) == "ChatbaseSDK.ChatbaseClient")
        #expect(String(reflecting: PurseCheckout.PurseCheckoutState.self) == "PurseCheckout.PurseCheckoutState")
    }
}
