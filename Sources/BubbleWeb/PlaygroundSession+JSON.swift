import BubbleGeometry
import BubblePicker
import BubbleScenario

/// What the page reads as JSON text (parsed once per call with `JSON.parse`): the settings
/// table, the accessibility elements, the events and the announcements.
extension PlaygroundSession {
    /// The settings table as a JSON array, in `BubbleSetting.allCases` order (a setting's index is
    /// its code for `bp_set`): `{"name", "kind": "number"|"integer"|"boolean"|"choice", "min",
    /// "max", "step"?, "default", "nullable"?, "choices"?}`. Choices' values are their indices;
    /// a nullable integer (a limit) takes -1 (JS: null) for "no limit".
    /// - Complexity: O(settings).
    public static func settingsJSON() -> String {
        var entries: [String] = []
        for setting in BubbleSetting.allCases {
            var fields = ["\"name\":" + JSONWriter.quoted(setting.rawValue)]
            switch setting.kind {
            case .number(let range):
                fields += ["\"kind\":\"number\"", "\"min\":" + JSONWriter.number(range.lowerBound), "\"max\":" + JSONWriter.number(range.upperBound)]
            case .integer(let range), .optionalInteger(let range):
                fields += ["\"kind\":\"integer\"", "\"min\":\(range.lowerBound)", "\"max\":\(range.upperBound)", "\"step\":1"]
                if case .optionalInteger = setting.kind { fields.append("\"nullable\":true") }
            case .flag:
                fields += ["\"kind\":\"boolean\"", "\"min\":0", "\"max\":1"]
            case .choice(let words):
                fields += ["\"kind\":\"choice\"", "\"min\":0", "\"max\":\(words.count - 1)",
                           "\"choices\":[" + words.map(JSONWriter.quoted).joined(separator: ",") + "]"]
            }
            fields.append("\"default\":" + JSONWriter.number(setting.defaultNumber))
            entries.append("{" + fields.joined(separator: ",") + "}")
        }
        return "[" + entries.joined(separator: ",") + "]"
    }

    /// The accessibility elements in reading order with the focused bubble:
    /// `{"focused": id|null, "elements": [{"id", "label", "value", "selected", "x", "y",
    /// "width", "height"}]}` (the frame on screen, container points, top-left corner and size).
    /// - Complexity: O(n log n).
    public mutating func accessibilityJSON() -> String {
        let elements = accessibilityElements().map { e in
            "{\"id\":\(e.id.rawValue),\"label\":" + JSONWriter.quoted(e.label) + ",\"value\":" + JSONWriter.quoted(e.value)
                + ",\"selected\":\(e.isSelected),\"x\":" + JSONWriter.number(e.frame.minX) + ",\"y\":" + JSONWriter.number(e.frame.minY)
                + ",\"width\":" + JSONWriter.number(e.frame.width) + ",\"height\":" + JSONWriter.number(e.frame.height) + "}"
        }
        let focused = driver.focusedBubble.map { String($0.rawValue) } ?? "null"
        return "{\"focused\":\(focused),\"elements\":[" + elements.joined(separator: ",") + "]}"
    }

    /// The events since the last call as a JSON array, oldest first:
    /// `{"type", "id": id|null, "tag": tag|null, "label", "step", "reason"?}`.
    /// - Complexity: O(events), plus O(n) when a bubble named by an event has left.
    public mutating func takeEventsJSON() -> String {
        let entries = takeLabelledEvents().map { item in
            let event = item.event
            return "{\"type\":\"\(event.kind.rawValue)\",\"id\":" + (event.bubble.map { String($0.rawValue) } ?? "null")
                + ",\"tag\":" + (event.tag.map { String($0) } ?? "null") + ",\"label\":" + JSONWriter.quoted(item.label)
                + ",\"step\":\(event.step)" + (event.refusal.map { ",\"reason\":\"\($0.rawValue)\"" } ?? "") + "}"
        }
        return "[" + entries.joined(separator: ",") + "]"
    }

    /// The announcements since the last call as a JSON array of strings, oldest first.
    /// - Complexity: O(announcements).
    public mutating func takeAnnouncementsJSON() -> String {
        "[" + takeAnnouncements().map { JSONWriter.quoted($0.text) }.joined(separator: ",") + "]"
    }
}
