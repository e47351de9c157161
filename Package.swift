// swift-tools-version:6.0
// BubblePicker: a headless, deterministic bubble-picker physics library and CLI.
// No package dependencies: the Swift toolchain alone (stdlib, Dispatch, Swift Testing).
import PackageDescription

/// The libraries call `sqrt` and rounding functions without Foundation, so on Linux they must
/// link libm themselves (Apple platforms have it in libSystem).
let linksMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "BubblePicker",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "BubbleGeometry", targets: ["BubbleGeometry"]),
        .library(name: "BubblePhysics", targets: ["BubblePhysics"]),
        .library(name: "BubblePicker", targets: ["BubblePicker"]),
        .library(name: "Balloons", targets: ["Balloons"]),
        .library(name: "BubbleScenario", targets: ["BubbleScenario"]),
        .library(name: "BubbleScene", targets: ["BubbleScene"]),
        .library(name: "BubbleSVG", targets: ["BubbleSVG"]),
        .executable(name: "bubblepicker", targets: ["bubblepicker"]),
    ],
    targets: [
        // Public libraries: stdlib only (no Foundation, no libc), Embedded-Swift clean.
        .target(name: "BubbleGeometry", linkerSettings: linksMath),
        .target(name: "BubblePhysics", dependencies: ["BubbleGeometry"], linkerSettings: linksMath),
        .target(name: "BubblePicker", dependencies: ["BubblePhysics", "BubbleGeometry"], linkerSettings: linksMath),
        .target(name: "Balloons", dependencies: ["BubbleGeometry"], linkerSettings: linksMath),
        // Scenario format and decoding (its own strict JSON), replay, dumps and golden traces.
        .target(name: "BubbleScenario", dependencies: ["BubblePicker", "BubblePhysics", "BubbleGeometry"],
                linkerSettings: linksMath),
        // The scene model: what to draw for a frame (one draw list for every renderer).
        .target(name: "BubbleScene", dependencies: ["BubblePicker", "Balloons", "BubbleGeometry"], linkerSettings: linksMath),
        // SVG documents of scenes and animations: a thin back end of the scene model.
        .target(name: "BubbleSVG", dependencies: ["BubbleScene", "Balloons", "BubblePicker", "BubbleGeometry"],
                linkerSettings: linksMath),
        // Fixtures shared by the CLI and the tests (benchmark scene, balloon gallery, bundled demo);
        // not a product.
        .target(name: "BubbleFixtures",
                dependencies: ["BubblePhysics", "Balloons", "BubbleSVG", "BubbleScenario", "BubbleGeometry"]),
        // The thin command-line tool: arguments, files and processes over the libraries.
        // Linked with the static Swift runtime on Linux: 3 MiB less resident memory per process,
        // which matters to `bench`'s memory figures, and a binary that runs without a toolchain.
        .executableTarget(
            name: "bubblepicker",
            dependencies: ["BubbleScenario", "BubbleScene", "BubbleSVG", "BubbleFixtures", "BubblePicker", "BubblePhysics", "Balloons"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]
        ),
        // Tests.
        .testTarget(name: "BubblePhysicsTests", dependencies: ["BubblePhysics", "BubbleFixtures"]),
        .testTarget(name: "BubblePickerTests", dependencies: ["BubblePicker", "BubblePhysics"]),
        .testTarget(name: "BalloonsTests", dependencies: ["Balloons", "BubbleSVG", "BubbleFixtures"]),
        .testTarget(name: "BubbleScenarioTests",
                    dependencies: ["BubbleScenario", "BubbleScene", "BubbleSVG", "BubbleFixtures", "BubblePicker", "BubblePhysics"]),
        .testTarget(name: "BubbleSceneTests", dependencies: ["BubbleScene", "BubbleScenario", "BubblePicker", "Balloons"]),
        .testTarget(name: "CLITests"),
    ],
    swiftLanguageModes: [.v6]
)
