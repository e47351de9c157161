import Balloons
import BubbleScenario
import BubbleSVG
import BubbleFixtures

/// `bubblepicker balloon`: writes an SVG of one balloon, or a gallery of the main configurations.
enum BalloonCommand: Subcommand {
    static let name = "balloon"
    static let summary = "Write an SVG of a balloon (callout) shape, or a gallery of them."
    static let help = """
    Usage: bubblepicker balloon --width W --height H [options] [--output FILE.svg]
           bubblepicker balloon --gallery DIR

    Writes a standalone SVG of a balloon whose body and stem fit in a W x H rect (points).

    Options:
      --width W             Width of the whole balloon, stem included, in points (required, 0 < W <= 100000).
      --height H            Height of the whole balloon, stem included, in points (required, 0 < H <= 100000).
      --radius R|none|oval  Corner radius in points, 'none' for square corners or 'oval' for half the short side (default 8).
      --smoothing S         Corner smoothing from 0 (circular arcs) to 1 (fully smoothed squircle corners) (default 0.6).
      --stem-edge EDGE      Edge the stem sits on: top, bottom, left or right (default bottom).
      --stem-offset X       Offset of the stem from the edge's centre in points, positive = right or down; pushed
                            towards a corner, the corner gives way smoothly (default 0).
      --stem-width W        Length of the stem's base along the edge in points, 0 for no stem (default 40).
      --stem-depth D        Distance from the edge to the stem's tip in points (default 20).
      --join-smoothing S    Rounding of the joins between stem and edge, 0 (sharp) to 1 (default 0.3).
      --tip-rounding R      Rounding of the stem's tip in points along each side, 0 for a sharp tip (default 4).
      --fill COLOR          SVG fill colour, e.g. '#e8f0fe' or 'white' (default #e8f0fe).
      --stroke COLOR        SVG stroke colour, or 'none' (default #1a73e8).
      --stroke-width W      Stroke width in points (default 1.5).
      --output FILE.svg     Write the SVG to FILE instead of standard output.
      --gallery DIR         Write index.html and one SVG per main configuration into DIR (created if needed).
      -h, --help            Show this help.

    Exit codes: 0 success, 64 bad arguments, 1 a file could not be written.
    """

    static func run(_ arguments: [String]) throws -> ExitCode {
        var scanner = ArgumentScanner(arguments, command: "bubblepicker balloon")
        if let directory = try scanner.value("--gallery") {
            try scanner.finish()
            try writeGallery(to: directory)
            return .success
        }
        let options = try BalloonOptions(&scanner)
        try scanner.finish()
        let svg = try options.svg()
        if let output = options.output {
            try write(svg, to: output)
        } else {
            try StandardOutput.write(svg, command: "bubblepicker balloon")
        }
        return .success
    }

    static func writeGallery(to directory: String) throws {
        do {
            try TextFile.makeDirectory(directory)
        } catch {
            let reason = if case .unwritable(_, let reason)? = error as? TextFileError { reason } else { "\(error)" }
            throw CLIError.failure("bubblepicker balloon: cannot create directory '\(directory)': \(reason)")
        }
        let entries: [GalleryEntry]
        do {
            entries = try BalloonGallery.entries()
        } catch {
            throw CLIError.failure("bubblepicker balloon: gallery failed: \(error)")
        }
        for entry in entries {
            try write(entry.svg, to: TextFile.join(directory, entry.name + ".svg"))
        }
        let index = TextFile.join(directory, "index.html")
        try write(BalloonGallery.indexHTML(entries), to: index)
        print("wrote \(entries.count) SVGs and \(index)")
    }

    static func write(_ text: String, to path: String) throws {
        do {
            try TextFile.write(text, to: path)
        } catch {
            throw CLIError.failure("bubblepicker balloon: \(error)")
        }
    }
}

/// The parsed options of `bubblepicker balloon` for a single balloon.
struct BalloonOptions {
    static let command = "bubblepicker balloon"
    static let maximumSize = 100_000.0

    var width: Double
    var height: Double
    var configuration = BalloonConfiguration()
    var fill = "#e8f0fe"
    var stroke: String? = "#1a73e8"
    var strokeWidth = 1.5
    var output: String?

    init(_ scanner: inout ArgumentScanner) throws {
        width = try Self.size(&scanner, "--width")
        height = try Self.size(&scanner, "--height")
        let limit = -Self.maximumSize...Self.maximumSize
        let positive = 0...Self.maximumSize
        if let radius = try scanner.value("--radius") { configuration.cornerRadius = try Self.radius(radius) }
        if let value = try scanner.number("--smoothing", in: 0...1) { configuration.cornerSmoothing = value }
        if let edge = try scanner.value("--stem-edge") {
            guard let parsed = StemEdge(rawValue: edge) else {
                throw CLIError.usage("\(Self.command): --stem-edge must be top, bottom, left or right, got '\(edge)'")
            }
            configuration.stem.edge = parsed
        }
        if let value = try scanner.number("--stem-offset", in: limit) { configuration.stem.offset = value }
        if let value = try scanner.number("--stem-width", in: positive) { configuration.stem.size.width = value }
        if let value = try scanner.number("--stem-depth", in: positive) { configuration.stem.size.height = value }
        if let value = try scanner.number("--join-smoothing", in: 0...1) { configuration.stem.joinSmoothing = value }
        if let value = try scanner.number("--tip-rounding", in: positive) { configuration.stem.tipRounding = value }
        if let value = try scanner.value("--fill") { fill = try Self.color(value, "--fill") }
        if let value = try scanner.value("--stroke") { stroke = value == "none" ? nil : try Self.color(value, "--stroke") }
        if let value = try scanner.number("--stroke-width", in: positive) { strokeWidth = value }
        output = try scanner.value("--output")
    }

    /// The SVG document: viewBox = the W x H rect, grown by half the stroke so the stroke is not clipped.
    func svg() throws -> String {
        let rect = Rect(x: 0, y: 0, width: width, height: height)
        let path: BezierPath
        do {
            path = try BezierPath.balloon(in: rect, configuration: configuration)
        } catch {
            throw CLIError.usage("\(Self.command): \(error.description)")
        }
        let margin = stroke == nil ? 0 : strokeWidth / 2
        var document = SVGDocument(viewBox: rect.insetBy(dx: -margin, dy: -margin))
        document.add(path, fill: fill, stroke: stroke, strokeWidth: strokeWidth)
        return document.text
    }

    static func size(_ scanner: inout ArgumentScanner, _ option: String) throws -> Double {
        guard let text = try scanner.value(option) else {
            throw CLIError.usage("\(command): \(option) is required (see \(command) --help)")
        }
        guard let value = Double(text), value.isFinite, value > 0, value <= maximumSize else {
            throw CLIError.usage("\(command): \(option) must be a number greater than 0 and at most 100000, got '\(text)'")
        }
        return value
    }

    static func radius(_ text: String) throws -> CornerRadius {
        switch text {
        case "none": return .none
        case "oval": return .oval
        default:
            guard let value = Double(text), value.isFinite, value >= 0, value <= maximumSize else {
                throw CLIError.usage("\(command): --radius must be none, oval or a number in 0...100000, got '\(text)'")
            }
            return .fixed(value)
        }
    }

    /// Accepts colour names, #hex and rgb()/hsl() forms: letters, digits and `#(),.% -` only, at most 64 characters.
    static func color(_ text: String, _ option: String) throws -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#(),.% -")
        guard !text.isEmpty, text.count <= 64, text.allSatisfy({ allowed.contains($0) }) else {
            throw CLIError.usage("\(command): \(option) must be a colour such as '#e8f0fe', 'white' or 'rgb(1,2,3)', got '\(text)'")
        }
        return text
    }
}
