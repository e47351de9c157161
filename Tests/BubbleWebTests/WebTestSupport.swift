import Foundation
import BubbleGeometry
import BubbleScenario
@testable import BubbleWeb

/// Paths and fixtures shared by the playground tests.
enum WebTestSupport {
    /// The package root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A bundled scenario by name.
    static func scenario(_ name: String) throws -> Scenario {
        try Scenario(json: try json(name), name: name)
    }

    /// A bundled scenario's JSON text.
    static func json(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Scenarios/\(name).json"), encoding: .utf8)
    }

    /// A bundled scenario's golden trace text.
    static func golden(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Scenarios/Expected/\(name).trace"), encoding: .utf8)
    }

    /// Finds a bundled scenario by name for `PlaygroundScript` (nil when unknown).
    static func lookUp(_ name: String) -> Scenario? { try? scenario(name) }
}
