// The browser module's export for labels measured in the page's real font: the page measures the
// graphemes its labels use (canvas `measureText`, regular and bold) and passes the widths in; the
// live session's scenes then lay labels out with them (`PlaygroundSession.setLabelWidths`).
// The same codes as SessionExports.swift.
import BubbleWeb

/// Label widths measured in the page's font. The input buffer (`bp_input`) holds, back to back:
/// the font family (`familyLength` bytes of UTF-8), the graphemes (`graphemesLength` bytes of
/// UTF-8: `count` extended grapheme clusters separated by U+0000), then `2 × count` little-endian
/// Float64s — the regular advances in em, in the graphemes' order, then the bold ones (no
/// alignment needed). `count` 0 with an empty family goes back to the built-in width table.
/// Returns 0; 1 with the reason as text for an empty family, a piece that is not one grapheme,
/// or a width that is not a finite number of em in 0...64 (nothing changes then); 2 for negative
/// lengths or count, a count above 65,536, or lengths and numbers past what `bp_input` reserved;
/// -1 before `bp_create`.
@_expose(wasm, "bp_label_widths") @_cdecl("bp_label_widths")
func bp_label_widths(_ familyLength: Int32, _ graphemesLength: Int32, _ count: Int32) -> Int32 {
    guard session != nil else { return -1 }
    let limit = PlaygroundSession.maximumMeasuredGraphemes
    guard count >= 0, Int(count) <= limit else { return invalidArguments("invalid count \(count): 0...\(limit) graphemes") }
    guard let texts = inputTexts([familyLength, graphemesLength]) else { return 2 }
    let offset = Int64(familyLength) + Int64(graphemesLength)
    guard let widths = input.doubles(at: offset, count: 2 * Int64(count)) else {
        return invalidArguments("invalid lengths \(familyLength), \(graphemesLength) and count \(count): "
            + "the texts and \(2 * Int64(count)) numbers take \(offset + 16 * Int64(count)) bytes, "
            + "more than the \(input.count) bytes bp_input reserved")
    }
    if count == 0 && texts[0].isEmpty {
        session!.clearLabelWidths()
        return 0
    }
    guard let graphemes = graphemeList(texts[1], count: Int(count)) else { return 1 }
    let n = Int(count)
    do {
        try session!.setLabelWidths(fontFamily: texts[0], graphemes: graphemes, regular: Array(widths[0..<n]),
                                    bold: Array(widths[n..<(2 * n)]))
    } catch {
        return fail(error.description)
    }
    return 0
}

/// The `count` graphemes of `text` (separated by U+0000), or nil with the reason as text when a
/// piece is not exactly one grapheme or the count differs. One pass over the characters: no
/// `split` or `Substring`, whose grapheme-index code the element's module then does not carry.
/// Stops at the first piece past `count`, so a long list holds at most `count` graphemes.
/// - Complexity: O(n) in the characters of `text`.
func graphemeList(_ text: String, count: Int) -> [Character]? {
    if count == 0 {
        if text.isEmpty { return [] }
        _ = fail("graphemes: count 0 needs no graphemes, but \(text.utf8.count) bytes came")
        return nil
    }
    var graphemes: [Character] = []
    graphemes.reserveCapacity(count)
    var piece: Character? = nil  // the current piece's grapheme, once it has one
    var pieceLength = 0          // graphemes in the current piece
    for character in text {
        if character != "\u{0}" {
            if pieceLength == 0 { piece = character }
            pieceLength += 1
            continue
        }
        guard let grapheme = piece, pieceLength == 1 else { return notOneGrapheme(graphemes.count, pieceLength) }
        graphemes.append(grapheme)
        guard graphemes.count < count else { return wrongCount("more than \(count)", count) }  // more are coming
        piece = nil
        pieceLength = 0
    }
    guard let last = piece, pieceLength == 1 else { return notOneGrapheme(graphemes.count, pieceLength) }
    graphemes.append(last)
    guard graphemes.count == count else { return wrongCount("\(graphemes.count)", count) }
    return graphemes
}

/// Nil, with the reason as text: `pieces` pieces came for `count` graphemes.
private func wrongCount(_ pieces: String, _ count: Int) -> [Character]? {
    _ = fail("graphemes: \(pieces) pieces separated by U+0000, but count is \(count)")
    return nil
}

/// Nil, with the reason as text: piece `index` holds `length` graphemes instead of one.
private func notOneGrapheme(_ index: Int, _ length: Int) -> [Character]? {
    _ = fail("grapheme \(index): must be exactly one grapheme, not \(length)")
    return nil
}
