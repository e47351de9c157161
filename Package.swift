// swift-tools-version:6.0
// BubblePicker: a headless, deterministic bubble-picker physics library and CLI.
// No package dependencies: the Swift toolchain alone (stdlib, Foundation, Dispatch, Swift Testing).
import PackageDescription

let package = Package(
    name: "BubblePicker",
    products: [
        .library(name: "BubbleGeometry", targets: ["BubbleGeometry"]),
        .library(name: "BubblePhysics", targets: ["BubblePhysics"]),
        .library(name: "BubblePicker", targets: ["BubblePicker"]),
        .library(name: "Balloons", targets: ["Balloons"]),
        .library(name: "BubbleScenario", targets: ["BubbleScenario"]),
        .executable(name: "bubblepicker", targets: ["bubblepicker"]),
    ],
    targets: [
        // Public libraries. BubblePhysics and Balloons are stdlib only (no Foundation).
        .target(name: "BubbleGeometry"),
        .target(name: "BubblePhysics", dependencies: ["BubbleGeometry"]),
        .target(name: "BubblePicker", dependencies: ["BubblePhysics", "BubbleGeometry"]),
        .target(name: "Balloons", dependencies: ["BubbleGeometry"]),
        // Scenario format, runner, traces and SVG rendering; its own JSON reader and C-library file
        // I/O (no Foundation: it would add ~12 MB to every process).
        .target(name: "BubbleScenario", dependencies: ["BubblePicker", "BubblePhysics", "Balloons"]),
        // The thin command-line tool.
        // Linked with the static Swift runtime on Linux: 3 MiB less resident memory per process,
        // which matters to `bench`'s memory figures, and a binary that runs without a toolchain.
        .executableTarget(
            name: "bubblepicker",
            dependencies: ["BubbleScenario", "BubblePicker", "BubblePhysics", "Balloons"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]
        ),
        // Tests.
        .testTarget(name: "BubblePhysicsTests", dependencies: ["BubblePhysics"]),
        .testTarget(name: "BubblePickerTests", dependencies: ["BubblePicker", "BubblePhysics"]),
        .testTarget(name: "BalloonsTests", dependencies: ["Balloons"]),
        .testTarget(name: "BubbleScenarioTests", dependencies: ["BubbleScenario", "BubblePicker", "BubblePhysics"]),
        .testTarget(name: "CLITests"),
    ],
    swiftLanguageModes: [.v6]
)
