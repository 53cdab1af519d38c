import Emulator
import Foundation
import Palbe

extension DemoSection {
    /// Runs a Palbe section's `script` against the emulator at `--base-url`, or else against one it
    /// starts in memory for the section (the standard services and the sample backend), whose address
    /// is then the first line. The in-memory emulator is shut down however the script ends.
    static func withDemoEmulator(
        _ context: OutputContext, _ script: (PalbeConfiguration) async throws -> [String]
    ) async throws -> [String] {
        if let baseURL = context.baseURL {
            return try await script(
                try await PalbeCLIConfiguration.emulatorConfiguration(at: baseURL, environment: context.environment))
        }
        var emulatorConfiguration = EmulatorConfiguration(port: 0, storage: .inMemory)
        emulatorConfiguration.palbaseHandlers = EmulatorConfiguration.standardPalbaseHandlers
        if !emulatorConfiguration.palbaseHandlers.contains(where: { $0 is SampleBackend }) {
            emulatorConfiguration.palbaseHandlers.append(SampleBackend())
        }
        let emulator = try EmulatorServer(configuration: emulatorConfiguration)
        do {
            let baseURL = try emulator.start()
            let configuration = PalbeConfiguration(
                baseURL: baseURL, apiKey: emulator.apiKey, environment: "demo",
                sealingKey: emulator.sealingPublicKeyBase64URL, requestTimeout: .seconds(10))
            let lines = try await script(configuration)
            await emulator.shutdown()
            return ["embedded emulator at \(baseURL.absoluteString)"] + lines
        } catch {
            await emulator.shutdown()
            throw error
        }
    }
}
