/// One bubble as the app sees it: identity, optional tag, selection state and content (the app's
/// own layout provider, which is also its payload — no casts needed to get it back).
///
/// A `Bubble` is a value: the container's queries return the current state; changing a copy
/// changes nothing in the container.
public struct Bubble<Content: BubbleLayoutProvider>: Identifiable, CustomStringConvertible {
    /// Identity, unique within the container that made it.
    public let id: BubbleID
    /// Optional integer tag for grouping (`bubbles(withTag:)`, `select(tag:)`, `remove(tag:)`).
    public var tag: Int?
    /// Selection state.
    public var isSelected: Bool
    /// Layout provider and user payload.
    public var content: Content

    /// Usually made by `BubbleContainer.makeBubble`; making one by hand with an identity the
    /// container has not issued yet is fine (the container skips its counter past it).
    public init(id: BubbleID, content: Content, tag: Int? = nil, isSelected: Bool = false) {
        self.id = id
        self.tag = tag
        self.isSelected = isSelected
        self.content = content
    }

    /// The label text in the current state's appearance, if any.
    public var text: String? { content.appearance(selected: isSelected).text }

    /// `Bubble(#id, tag: …, selected: …)`.
    public var description: String {
        "Bubble(\(id), tag: \(tag.map { String($0) } ?? "nil"), selected: \(isSelected))"
    }
}

extension Bubble: Sendable where Content: Sendable {}
extension Bubble: Equatable where Content: Equatable {}
