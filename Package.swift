// swift-tools-version:6.2
// BubblePicker: a headless, deterministic bubble-picker physics library and CLI.
// No package dependencies: the Swift toolchain alone (stdlib, Dispatch, Swift Testing).
import PackageDescription

/// The libraries call `sqrt` and rounding functions without Foundation, so on Linux they must
/// link libm themselves (Apple platforms have it in libSystem).
let linksMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

/// The step path is compiled with optimization in every configuration, so an app's Debug build
/// steps within a few times its Release build. A package whose tools version is 6.2 or later may
/// carry such flags as a versioned dependency.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

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
        .library(name: "BubbleWeb", targets: ["BubbleWeb"]),
        .executable(name: "bubblepicker", targets: ["bubblepicker"]),
    ],
    targets: [
        // Public libraries: stdlib only (no Foundation, no libc), Embedded-Swift clean.
        .target(name: "BubbleGeometry", swiftSettings: optimizedInDebug,
                linkerSettings: linksMath),
        .target(name: "BubblePhysics", dependencies: ["BubbleGeometry"], swiftSettings: optimizedInDebug,
                linkerSettings: linksMath),
        .target(name: "BubblePicker", dependencies: ["BubblePhysics", "BubbleGeometry"], swiftSettings: optimizedInDebug,
                linkerSettings: linksMath),
        .target(name: "Balloons", dependencies: ["BubbleGeometry"], linkerSettings: linksMath),
        // Scenario format and decoding (its own strict JSON), replay, dumps and golden traces.
        .target(name: "BubbleScenario", dependencies: ["BubblePicker", "BubblePhysics", "BubbleGeometry"],
                linkerSettings: linksMath),
        // The scene model: what to draw for a frame (one draw list for every renderer).
        .target(name: "BubbleScene", dependencies: ["BubblePicker", "Balloons", "BubbleGeometry"], linkerSettings: linksMath),
        // SVG documents of scenes and animations: a thin back end of the scene model.
        .target(name: "BubbleSVG", dependencies: ["BubbleScene", "Balloons", "BubblePicker", "BubbleGeometry"],
                linkerSettings: linksMath),
        // The browser playground's engine side (live session, scenario player, scene encoding), as
        // plain Swift: built natively for its tests and as Embedded Swift for wasm by `.ci/wasm`
        // (Sources/BubbleWasm holds the wasm entry points and is not a SwiftPM target).
        .target(name: "BubbleWeb", dependencies: ["BubbleScene", "BubbleScenario", "BubblePicker", "BubblePhysics", "Balloons", "BubbleGeometry"],
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
        .testTarget(name: "BubbleWebTests", dependencies: ["BubbleWeb", "BubbleScenario", "BubblePicker", "BubbleScene"]),
        // The wasm modules under wasmkit and the playground in headless Chromium (runs .ci/wasm).
        .testTarget(name: "WasmTests", dependencies: ["BubbleWeb", "BubbleScenario"]),
    ],
    swiftLanguageModes: [.v6]
)
