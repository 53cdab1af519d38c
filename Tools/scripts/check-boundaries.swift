// Reads `swift package dump-package` on standard input and checks the module boundaries the SDKs
// promise an app: ErrorCore and PalbeCodegen reach no C library, libcurl and OpenSSL are linked
// only on Linux (Apple platforms have URLSession and CryptoKit), and each PurseCheckout partner
// module depends on PurseCheckout alone (an app links only the partners it uses). Exits 1 naming
// each violation.
//
//     swift package dump-package | swift Tools/scripts/check-boundaries.swift
import Foundation

struct Dependency {
    let name: String
    let platforms: [String]?  // nil: every platform
}

let input = FileHandle.standardInput.readDataToEndOfFile()
guard let package = try? JSONSerialization.jsonObject(with: input) as? [String: Any],
    let targets = package["targets"] as? [[String: Any]]
else {
    print("check-boundaries: standard input is not the JSON of `swift package dump-package`")
    exit(2)
}

var dependencies: [String: [Dependency]] = [:]
var systemLibraries: Set<String> = []
for target in targets {
    guard let name = target["name"] as? String else { continue }
    if target["type"] as? String == "system" { systemLibraries.insert(name) }
    dependencies[name] = ((target["dependencies"] as? [[String: Any]]) ?? []).compactMap { entry in
        for kind in ["byName", "target", "product"] {
            guard let pair = entry[kind] as? [Any], let dependency = pair.first as? String else { continue }
            let condition = pair.count > (kind == "product" ? 3 : 1) ? pair.last as? [String: Any] : nil
            return Dependency(name: dependency, platforms: condition?["platformNames"] as? [String])
        }
        return nil
    }
}

var violations: [String] = []
for root in ["ErrorCore", "PalbeCodegen"] {
    var seen: Set<String> = [root]
    var queue = [root]
    while let current = queue.popLast() {
        for dependency in dependencies[current] ?? [] where seen.insert(dependency.name).inserted {
            if systemLibraries.contains(dependency.name) {
                violations.append("\(root) reaches the C library \(dependency.name) (through \(current))")
            }
            queue.append(dependency.name)
        }
    }
}
for (target, list) in dependencies.sorted(by: { $0.key < $1.key }) {
    for dependency in list where ["CCurl", "COpenSSL"].contains(dependency.name) && dependency.platforms != ["linux"] {
        violations.append("\(target) links \(dependency.name) outside a Linux-only condition")
    }
}
for partner in ["PurseCheckoutApplePay", "PurseCheckoutPayPal", "PurseCheckoutKlarna"] {
    let names = (dependencies[partner] ?? []).map(\.name)
    if names != ["PurseCheckout"] {
        violations.append("\(partner) must depend on PurseCheckout alone, not \(names)")
    }
}
if violations.isEmpty {
    print(
        "check-boundaries: ErrorCore and PalbeCodegen link no C library; libcurl and OpenSSL are Linux-only; "
            + "the Purse partner modules depend on PurseCheckout alone")
} else {
    violations.forEach { print("check-boundaries: \($0)") }
    exit(1)
}
