import Balloons
import BubbleGeometry
import BubblePicker
import BubbleScene

/// A `DrawList` as a flat list of numbers plus a string table: what crosses from the wasm module to
/// the page's canvas drawer each frame without any per-item allocation or text parsing (the page
/// reads the numbers as a `Float64Array` over wasm memory and the strings with a `TextDecoder`).
///
/// Layout (every entry a `Double`; colours are r, g, b, a in 0...1; "no colour" is r = -1):
///
///     header  magic 0x5343 ("SC"), version 1, step, viewBox x y width height,
///             background r g b a, item count, crowded callouts            (13 numbers)
///     item    shape, role, role argument, bubble id (-1: none), then the shape's numbers:
///       0 rect    x y width height            + paint
///       1 line    x1 y1 x2 y2                 + paint
///       2 circle  cx cy radius                + paint
///       3 path    element count, then per element an op and its points
///                 (0 move x y, 1 line x y, 2 quad cx cy x y, 3 cubic c1x c1y c2x c2y x y, 4 close)
///                                             + paint
///       4 text    string offset, byte length, cx cy, font size, colour r g b a, width, bold
///     paint   fill r g b a, stroke r g b a, line width, dash count, dashes…
///
/// Roles (`SceneRole`): 0 container area, 1 border (argument: the `Borders` bits), 2 bubble,
/// 3 image placeholder, 4 label, 5 image name, 6 callout, 7 callout text, 8 anchor, 9 finger,
/// 10 trail, 11 off-screen marker (argument: sector), 12 off-screen count (argument: sector),
/// 13 check mark.
/// Strings are UTF-8, each distinct string stored once; a text item names it by byte offset and
/// length. The table persists from scene to scene (labels are interned once, and a page copies
/// only the bytes added since the last scene): it only grows, until it passes `stringTableLimit`
/// bytes, when it starts afresh and `generation` counts up.
///
/// Every number is finite, whatever the scene holds (its colours and text come from an app's own
/// types): colours are written as `BubbleColor.sanitized` (each component in 0...1, NaN red, green
/// or blue as 0, NaN alpha as 1), and any other NaN or infinite number as 0, as the SVG writers do.
public struct SceneEncoder {
    /// The numbers of the last encoded scene.
    public private(set) var numbers: [Double] = []
    /// The string table of the last encoded scene (UTF-8 bytes).
    public private(set) var strings: [UInt8] = []
    var stringOffsets: [String: Int] = [:]
    /// The last scene's texts in order, and the index of the next text this scene: a scene mostly
    /// repeats the last one's texts in the same order, and a string equal to the one at the same
    /// place (shared storage compares in O(1)) needs no hash.
    var lastTexts: [(text: String, offset: Int)] = []
    var textOrdinal = 0
    /// Counts the string table's fresh starts: while it is unchanged, the table only grew.
    public private(set) var generation = 0

    /// Bytes past which the next `encode` starts the string table afresh.
    public static let stringTableLimit = 1 << 20

    /// The format's first number.
    public static let magic: Double = 0x5343
    /// The format's version.
    public static let version = 1.0

    /// An empty encoder (its buffers are reused from scene to scene).
    public init() {}

    /// Encodes `scene`, replacing the previous one's numbers (the string table keeps its strings).
    /// - Complexity: O(items + path elements + new string bytes), one hash per text item that
    ///   differs from the last scene's at its place.
    public mutating func encode(_ scene: DrawList) {
        numbers.removeAll(keepingCapacity: true)
        if strings.count > Self.stringTableLimit {
            strings.removeAll(keepingCapacity: true)
            stringOffsets.removeAll(keepingCapacity: true)
            lastTexts.removeAll(keepingCapacity: true)
            generation += 1
        }
        if textOrdinal < lastTexts.count { lastTexts.removeLast(lastTexts.count - textOrdinal) }
        textOrdinal = 0
        let box = scene.viewBox
        put(Self.magic, Self.version, Double(scene.step), box.minX)
        put(box.minY, box.width)
        numbers.append(box.height)
        append(scene.background)
        put(Double(scene.items.count), Double(scene.crowdedCallouts))
        for item in scene.items { append(item) }
        for index in numbers.indices where !numbers[index].isFinite { numbers[index] = 0 }
    }

    /// Appends numbers one by one (no temporary array per item).
    @inline(__always) mutating func put(_ a: Double, _ b: Double) {
        numbers.append(a)
        numbers.append(b)
    }

    /// Appends four numbers.
    @inline(__always) mutating func put(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        put(a, b)
        put(c, d)
    }

    mutating func append(_ item: SceneItem) {
        let (role, argument) = Self.code(item.role)
        let bubble = item.bubble.map { Double($0.rawValue) } ?? -1
        switch item.shape {
        case .rect(let rect, let paint):
            put(0, role, argument, bubble)
            put(rect.minX, rect.minY, rect.width, rect.height)
            append(paint)
        case .line(let a, let b, let paint):
            put(1, role, argument, bubble)
            put(a.x, a.y, b.x, b.y)
            append(paint)
        case .circle(let center, let radius, let paint):
            put(2, role, argument, bubble)
            put(center.x, center.y)
            numbers.append(radius)
            append(paint)
        case .path(let path, let paint):
            put(3, role, argument, bubble)
            numbers.append(Double(path.elements.count))
            for element in path.elements { append(element) }
            append(paint)
        case .text(let text):
            let (offset, length) = intern(text.text)
            put(4, role, argument, bubble)
            put(Double(offset), Double(length), text.center.x, text.center.y)
            numbers.append(text.fontSize)
            append(text.color)
            put(text.width, text.bold ? 1 : 0)
        }
    }

    mutating func append(_ element: PathElement) {
        switch element {
        case .move(let p): numbers.append(0); put(p.x, p.y)
        case .line(let p): numbers.append(1); put(p.x, p.y)
        case .quad(let c, let p): numbers.append(2); put(c.x, c.y, p.x, p.y)
        case .cubic(let c1, let c2, let p):
            numbers.append(3)
            put(c1.x, c1.y, c2.x, c2.y)
            put(p.x, p.y)
        case .close: numbers.append(4)
        }
    }

    mutating func append(_ paint: ScenePaint) {
        append(paint.fill)
        append(paint.stroke)
        put(paint.lineWidth, Double(paint.dash.count))
        for dash in paint.dash { numbers.append(dash) }
    }

    mutating func append(_ color: BubbleColor?) {
        guard let color = color?.sanitized else {
            put(-1, 0, 0, 0)
            return
        }
        put(color.red, color.green, color.blue, color.alpha)
    }

    /// The string's place in the table, adding it once.
    mutating func intern(_ text: String) -> (offset: Int, length: Int) {
        defer { textOrdinal += 1 }
        let length = text.utf8.count
        if textOrdinal < lastTexts.count, lastTexts[textOrdinal].text == text { return (lastTexts[textOrdinal].offset, length) }
        let offset: Int
        if let known = stringOffsets[text] {
            offset = known
        } else {
            offset = strings.count
            strings += text.utf8
            stringOffsets[text] = offset
        }
        if textOrdinal < lastTexts.count { lastTexts[textOrdinal] = (text, offset) } else { lastTexts.append((text, offset)) }
        return (offset, length)
    }

    /// A role's code and argument.
    static func code(_ role: SceneRole) -> (Double, Double) {
        switch role {
        case .containerArea: return (0, 0)
        case .border(let borders): return (1, Double(borders.rawValue))
        case .bubble: return (2, 0)
        case .imagePlaceholder: return (3, 0)
        case .label: return (4, 0)
        case .imageName: return (5, 0)
        case .callout: return (6, 0)
        case .calloutText: return (7, 0)
        case .anchor: return (8, 0)
        case .finger: return (9, 0)
        case .trail: return (10, 0)
        case .offscreen(let sector): return (11, Double(sector))
        case .offscreenCount(let sector): return (12, Double(sector))
        case .checkMark: return (13, 0)
        case .scrollIndicator: return (14, 0)
        }
    }
}
