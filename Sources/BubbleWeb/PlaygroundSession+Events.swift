import BubblePicker

/// An event with the label its bubble had when the event was taken: a removed bubble's label
/// comes from its announcement or from the frame it is leaving, so a page can name it after it
/// has gone.
public struct LabelledEvent: Sendable {
    /// What happened.
    public var event: BubbleEvent
    /// The bubble's accessibility label; "" for container events and unknown bubbles.
    public var label: String
}

extension PlaygroundSession {
    /// The events since the last call, oldest first, each with its bubble's label (drained).
    /// - Complexity: O(events + announcements), plus O(n) when a bubble named by an event has left.
    public mutating func takeLabelledEvents() -> [LabelledEvent] {
        let events = takeEvents()
        var announced: [BubbleID: String] = [:]
        for announcement in announcements { announced[announcement.bubble] = announcement.label }
        var gone: [BubbleID: String]? = nil
        var labelled: [LabelledEvent] = []
        labelled.reserveCapacity(events.count)
        for event in events {  // a loop, not a closure: a closure reading `self` would copy it per event
            var label = ""
            if let id = event.bubble {
                if let bubble = picker.bubble(id) {
                    label = bubble.content.accessibilityLabel
                } else if let text = announced[id] {
                    label = text
                } else {
                    if gone == nil { gone = leavingLabels() }
                    label = gone?[id] ?? ""
                }
            }
            labelled.append(LabelledEvent(event: event, label: label))
        }
        return labelled
    }

    /// Labels of the bubbles on screen by identity (leaving ones included).
    func leavingLabels() -> [BubbleID: String] {
        var labels: [BubbleID: String] = [:]
        for bubble in picker.frame().bubbles { labels[bubble.id] = bubble.appearance.text }
        return labels
    }
}
