#if !hasFeature(Embedded)
// Codable needs existentials, which Embedded Swift does not have: these conformances exist only
// in the full language (apps on Apple platforms, Linux, Windows).

/// A picker whose content is `Codable` is `Codable`: it encodes as its saved-state text (see
/// `savedState(content:)`) with each bubble's content given as its index into a `contents`
/// array that the encoder encodes natively. Decoding restores it exactly; a bad text is a
/// `DecodingError.dataCorrupted` whose description is the `SavedStateError`'s.
extension BubbleContainer: Codable where Content: Codable {
    private enum CodingKeys: String, CodingKey {
        case state
        case contents
    }

    /// Encodes the saved-state text and the contents.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var index = 0
        let state = savedState { _ in
            defer { index += 1 }
            return String(index)
        }
        try container.encode(state, forKey: .state)
        try container.encode(allBubbles.map { $0.content }, forKey: .contents)
    }

    /// Decodes a picker `encode(to:)` wrote.
    /// - Throws: what the decoder throws, or `DecodingError.dataCorrupted` for a state the text
    ///   format refuses.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let contents = try container.decode([Content].self, forKey: .contents)
        let state = try container.decode(String.self, forKey: .state)
        do {
            try self.init(savedState: state) { text in
                guard let index = Int(text), index >= 0, index < contents.count else { return nil }
                return contents[index]
            }
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .state, in: container, debugDescription: error.description)
        }
    }
}

/// A stock bubble encodes as one string: its saved-state content text (style numbers, image
/// name, label).
extension DefaultBubble: Codable {
    /// Encodes the content as one string.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(savedText)
    }

    /// Decodes a stock bubble `encode(to:)` wrote.
    /// - Throws: what the decoder throws, or `DecodingError.dataCorrupted` for another string.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let bubble = DefaultBubble(savedText: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a stock bubble's content")
        }
        self = bubble
    }
}

/// An identity encodes as its number.
extension BubbleID: Codable {
    /// Encodes the number.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Decodes an identity.
    /// - Throws: what the decoder throws.
    public init(from decoder: Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Int.self))
    }
}
#endif
