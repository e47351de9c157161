/// Number formatting for SVG and messages: shortest round-trip digits, never exponent notation.

/// Formats doubles for SVG path data: the shortest digits that read back to the same double
/// (Swift's `description`), no trailing ".0", no exponent (1e-7 becomes "0.0000001"), "-0" as "0".
public enum SVGNumber {
    /// Shortest round-trip fixed-notation text for `value`; NaN and infinities (never produced by
    /// the balloon builders) are written as "0" so the SVG stays valid.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let text = value.description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        guard let exponent = Int(text[text.index(after: e)...]) else { return text }
        return expand(mantissa: String(text[..<e]), exponent: exponent)
    }

    /// Turns "−d.ddd" × 10^exponent into plain decimal notation.
    static func expand(mantissa: String, exponent: Int) -> String {
        let negative = mantissa.hasPrefix("-")
        let unsigned = negative ? String(mantissa.dropFirst()) : mantissa
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        let integerDigits = parts.first.map(String.init) ?? ""
        var digits = integerDigits + (parts.count > 1 ? String(parts[1]) : "")
        // Position of the decimal point within `digits`.
        var point = integerDigits.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var whole = String(digits.prefix(point))
        var fraction = String(digits.dropFirst(point))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        while whole.count > 1, whole.hasPrefix("0") { whole.removeFirst() }
        let body = fraction.isEmpty ? whole : whole + "." + fraction
        return negative ? "-" + body : body
    }
}

extension BezierPath {
    /// SVG path data (`d` attribute): "M x y L x y Q cx cy x y C c1x c1y c2x c2y x y Z", numbers in
    /// shortest round-trip fixed notation (see `SVGNumber`). Every element is written, degenerate ones too,
    /// so the text has one command per element.
    public var svgPathData: String {
        var parts: [String] = []
        parts.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case let .move(p): parts.append("M" + Self.svg(p))
            case let .line(p): parts.append("L" + Self.svg(p))
            case let .quad(c, p): parts.append("Q" + Self.svg(c) + " " + Self.svg(p))
            case let .cubic(c1, c2, p): parts.append("C" + Self.svg(c1) + " " + Self.svg(c2) + " " + Self.svg(p))
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }

    private static func svg(_ p: Vector2) -> String { SVGNumber.format(p.x) + " " + SVGNumber.format(p.y) }
}
