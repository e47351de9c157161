/// One bubble as the app sees it: identity, optional tag, selection state and content (the
/// layout provider, which is also the user payload).
///
/// A `Bubble` is a value: the container's queries return the current state; changing a copy
/// changes nothing in the container.
public struct Bubble: Sendable, Identifiable, CustomStringConvertible {
    /// Identity, unique within the container that made it.
    public let id: BubbleID
    /// Optional integer tag for grouping (`bubbles(withTag:)`, `select(tag:)`, `remove(tag:)`).
    public var tag: Int?
    /// Selection state.
    public var isSelected: Bool
    /// Layout provider and user payload.
    public var content: any BubbleLayoutProvider

    /// Usually made by `BubbleContainer.makeBubble`; making one by hand with an identity the
    /// container has not issued yet is fine (the container skips its counter past it).
    public init(id: BubbleID, content: any BubbleLayoutProvider, tag: Int? = nil, isSelected: Bool = false) {
        self.id = id
        self.tag = tag
        self.isSelected = isSelected
        self.content = content
    }

    /// The content as a `DefaultBubble`, or nil for custom content.
    public var defaultContent: DefaultBubble? { content as? DefaultBubble }

    /// The label text in the current state's appearance, if any.
    public var text: String? { content.appearance(selected: isSelected).text }

    public var description: String {
        "Bubble(\(id), tag: \(tag.map(String.init) ?? "nil"), selected: \(isSelected))"
    }
}
