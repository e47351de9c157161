// swift-tools-version:6.0
// A separate package that depends on BubblePicker as an app would, using every library product.
// `.ci/run` builds and runs it twice: by path (this checkout), and by a file URL with a version
// tag (a fresh clone, tagged), the way a published release is used.
import PackageDescription

let source = Context.environment["BUBBLEPICKER_URL"]
let dependency: Package.Dependency = source.map { .package(url: $0, from: "1.0.0") } ?? .package(name: "BubblePicker", path: "../..")

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [dependency],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [
                .product(name: "BubbleGeometry", package: "BubblePicker"),
                .product(name: "BubblePhysics", package: "BubblePicker"),
                .product(name: "BubblePicker", package: "BubblePicker"),
                .product(name: "Balloons", package: "BubblePicker"),
                .product(name: "BubbleScenario", package: "BubblePicker"),
                .product(name: "BubbleScene", package: "BubblePicker"),
                .product(name: "BubbleSVG", package: "BubblePicker"),
                .product(name: "BubbleWeb", package: "BubblePicker"),
            ]
        ),
        // Step time in the consumer's own build configuration (`.ci/debug-bench`).
        .executableTarget(
            name: "StepBench",
            dependencies: [
                .product(name: "BubbleGeometry", package: "BubblePicker"),
                .product(name: "BubblePicker", package: "BubblePicker"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
