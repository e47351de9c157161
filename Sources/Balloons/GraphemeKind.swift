/// What kind of grapheme a `Character` is, for measuring and for line breaking.

/// The width classes graphemes fall into before any font table is consulted.
enum GraphemeKind: Equatable {
    /// A control, a joiner or another invisible scalar on its own: no width.
    case invisible
    /// A space that allows a line break after it (U+0020 and the typographic spaces).
    case space
    /// A no-break space: as wide as a space, but no break opportunity.
    case noBreakSpace
    /// An explicit line break (line feed, carriage return, CR LF, U+2028, U+2029, next line).
    case newline
    /// An emoji presentation: pictographs, emoji with VS16, keycaps, flags, skin-tone and ZWJ sequences.
    case emoji
    /// Ideographs, kana, Hangul and full-width forms (a line may break between any two of them).
    case fullWidth
    /// A cluster of an Indic (Brahmic) script: `letters` base letters and `signs` spacing vowel signs.
    case indic(letters: Int, signs: Int)
    /// A Thai or Lao cluster with `spacing` spacing scalars.
    case thai(spacing: Int)
    /// Anything else: measured by its first scalar.
    case other(Unicode.Scalar)

    /// Emoji width, em: Noto Color Emoji, Apple Color Emoji and Segoe UI Emoji advance about 1.25 em,
    /// and a bitmap emoji font rounds that to whole pixels at small sizes (19 px at 15 px), so 1.3.
    static let emojiWidth = 1.3
    /// Width of one Indic base letter and of one spacing vowel sign, em (generous: conjuncts draw narrower).
    static let indicLetter = 0.74
    static let indicSign = 0.3
    /// Width of one spacing Thai or Lao scalar, em.
    static let thaiSpacing = 0.7
    /// Width of a scalar no table covers (Arabic, Hebrew, other scripts), em: on the generous side.
    static let unknownWidth = 0.75
    /// Width of a combining mark with no base (drawn on a dotted circle), em.
    static let lonelyMark = 0.6

    /// The kind of `grapheme`.
    init(_ grapheme: Character) {
        var iterator = grapheme.unicodeScalars.makeIterator()
        guard let first = iterator.next() else { self = .invisible; return }
        let v = first.value
        var emojiSequence = false, count = 1
        var scalars = [first]
        while let next = iterator.next() {
            count += 1
            scalars.append(next)
            if next.value == 0xFE0F || next.value == 0x20E3 || next.value == 0x200D || (0x1F3FB...0x1F3FF).contains(next.value) {
                emojiSequence = true
            }
        }
        switch v {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: self = .newline; return
        case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000:
            self = v == 0x3000 ? .fullWidth : .space; return
        case 0xA0, 0x2007, 0x202F: self = .noBreakSpace; return
        default: break
        }
        if Self.isEmoji(v) || (emojiSequence && !Self.isZeroWidth(v)) { self = .emoji; return }
        if Self.isZeroWidth(v) { self = count > 1 || v < 0x300 || v == 0x200B || v == 0xFEFF || (0x2060...0x2064).contains(v) ? .invisible : .other(first); return }
        if Self.isFullWidth(v) { self = .fullWidth; return }
        if (0x900...0xDFF).contains(v) { self = Self.indic(scalars); return }
        if (0xE00...0xEFF).contains(v) {
            self = .thai(spacing: scalars.reduce(0) { $0 + (Self.isThaiSpacing($1.value) ? 1 : 0) })
            return
        }
        self = .other(first)
    }

    /// An Indic cluster's letters and spacing signs (offsets within each 128-code-point block).
    static func indic(_ scalars: [Unicode.Scalar]) -> GraphemeKind {
        var letters = 0, signs = 0
        for scalar in scalars where (0x900...0xDFF).contains(scalar.value) {
            switch scalar.value & 0x7F {
            case 0x04...0x39, 0x58...0x61, 0x64...0x7F: letters += 1
            case 0x03, 0x3E...0x40, 0x49...0x4C, 0x4E, 0x4F: signs += 1
            default: break
            }
        }
        return .indic(letters: Swift.max(letters, signs == 0 ? 1 : 0), signs: signs)
    }

    /// Thai and Lao scalars that take room on the line (consonants, vowels written inline, digits, signs).
    static func isThaiSpacing(_ v: UInt32) -> Bool {
        switch v {
        case 0xE31, 0xE34...0xE3A, 0xE47...0xE4E, 0xEB1, 0xEB4...0xEBC, 0xEC8...0xECE: return false
        default: return true
        }
    }

    /// Pictographs drawn as emoji by default (and the symbol blocks, which an emoji font usually takes).
    static func isEmoji(_ v: UInt32) -> Bool {
        switch v {
        case 0x1F000...0x1FAFF, 0x2600...0x27BF, 0x2B00...0x2BFF, 0x231A, 0x231B, 0x2328, 0x23CF, 0x23E9...0x23FA: return true
        default: return false
        }
    }

    /// Controls, combining marks, joiners, variation selectors, emoji modifiers and tags.
    static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD: return true
        case 0x300...0x36F, 0x483...0x489, 0x591...0x5BD, 0x64B...0x65F, 0x3099, 0x309A: return true
        case 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        case 0x200B...0x200F, 0x2060...0x2064, 0xFEFF: return true
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
        default: return false
        }
    }

    /// CJK, kana, Hangul (syllables and jamo) and full-width forms.
    static func isFullWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x11FF, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF: return true
        case 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F: return true
        case 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD: return true
        default: return false
        }
    }

    /// The width of every kind but `other`, em (nil for `other`, which a table measures).
    var fixedWidth: Double? {
        switch self {
        case .invisible, .newline: return 0
        case .space, .noBreakSpace, .other: return nil
        case .emoji: return Self.emojiWidth
        case .fullWidth: return 1
        case let .indic(letters, signs): return Double(letters) * Self.indicLetter + Double(signs) * Self.indicSign
        case let .thai(spacing): return Double(spacing) * Self.thaiSpacing
        }
    }
}
