/// Width of text in a sans-serif face, estimated per character class (see Balloons' text model).
enum TextEstimate {
    /// Advance width of `text` at `fontSize`, points.
    static func width(_ text: String, fontSize: Double) -> Double {
        var em = 0.0
        for scalar in text.unicodeScalars { em += advance(scalar) }
        return em * fontSize
    }

    /// Advance of one scalar, ems.
    static func advance(_ scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x20: return 0.28
        case 0x69, 0x6C, 0x6A, 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x21, 0x7C, 0x49: return 0.25
        case 0x66, 0x74, 0x72: return 0.35
        case 0x6D, 0x77: return 0.85
        case 0x4D, 0x57: return 0.9
        case 0x41...0x5A: return 0.68
        case 0x30...0x39: return 0.56
        case 0x61...0x7A: return 0.53
        case 0x300...0x36F: return 0
        case 0x1100...0xFFFF where scalar.value >= 0x2E80: return 1
        case 0x10000...: return 1
        default: return 0.6
        }
    }
}
