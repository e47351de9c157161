// What the page reads back as records rather than JSON text: numbers in the numbers buffer, and
// each text as its UTF-8 byte length among those numbers with its bytes appended to the text
// buffer, so engine.js reads both with one cursor each (`readRecords` there). No JSON writer, no
// number formatting and no quoting run in the module for these reads.
import BubbleGeometry
import BubblePicker
import BubbleWeb

/// Numbers and texts written side by side for the page (format at the top of this file).
struct Records {
    private var values: [Double] = []
    private var bytes: [UInt8] = []

    /// Appends a number.
    mutating func add(_ value: Double) { values.append(value) }

    /// Appends a whole number (an id, a tag, a step: exact in a Double on wasm32).
    mutating func add(_ value: Int) { values.append(Double(value)) }

    /// Appends a text: its byte length, then its bytes after the texts before it.
    mutating func add(_ text: String) {
        values.append(Double(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes the records to the numbers and text buffers; returns the count of numbers.
    func publish() -> Int32 {
        numbers.write(values)
        text.write(bytes)
        return Int32(values.count)
    }
}

/// Writes the settings table, in `BubbleSetting.allCases` order (a setting's index is its code for
/// `bp_set`): count, then per setting name, kind ("number", "integer", "boolean", "choice"), min,
/// max, step (0: continuous), default, nullable (0/1: an integer limit where -1 is "no limit"),
/// choice count and the choices (their values are their indices). Returns the count of numbers.
/// Works before `bp_create`.
/// - Complexity: O(settings).
@_expose(wasm, "bp_settings") @_cdecl("bp_settings")
func bp_settings() -> Int32 {
    var records = Records()
    records.add(BubbleSetting.allCases.count)
    for setting in BubbleSetting.allCases {
        records.add(setting.rawValue)
        var choices: [String] = []
        switch setting.kind {
        case .number(let range):
            records.add("number"); records.add(range.lowerBound); records.add(range.upperBound); records.add(0)
        case .integer(let range), .optionalInteger(let range):
            records.add("integer"); records.add(range.lowerBound); records.add(range.upperBound); records.add(1)
        case .flag:
            records.add("boolean"); records.add(0); records.add(1); records.add(0)
        case .choice(let words):
            records.add("choice"); records.add(0); records.add(words.count - 1); records.add(0)
            choices = words
        }
        records.add(setting.defaultNumber)
        if case .optionalInteger = setting.kind { records.add(1) } else { records.add(0) }
        records.add(choices.count)
        for choice in choices { records.add(choice) }
    }
    return records.publish()
}

/// Writes the accessibility elements in reading order: focused id (-1 none), count, then per
/// element id, label, value, selected (0/1), x, y, width, height (the frame on screen, container
/// points, top-left corner and size). Returns the count of numbers.
/// - Complexity: O(n log n) (the reading order).
@_expose(wasm, "bp_accessibility") @_cdecl("bp_accessibility")
func bp_accessibility() -> Int32 {
    withSession(else: -1) { session in
        let elements = session.accessibilityElements()
        var records = Records()
        records.add(session.driver.focusedBubble?.rawValue ?? -1)
        records.add(elements.count)
        for element in elements {
            records.add(element.id.rawValue)
            records.add(element.label)
            records.add(element.value)
            records.add(element.isSelected ? 1 : 0)
            records.add(element.frame.minX); records.add(element.frame.minY)
            records.add(element.frame.width); records.add(element.frame.height)
        }
        return records.publish()
    }
}

/// Writes the events since the last call (drained), oldest first: count, then per event type
/// (`BubbleEvent.Kind`'s name), id (-1: a container event), has tag (0/1), tag, label, step and
/// reason ("" unless refused). Returns the count of numbers.
/// - Complexity: O(events), plus O(n) when a bubble named by an event has left.
@_expose(wasm, "bp_picker_events") @_cdecl("bp_picker_events")
func bp_picker_events() -> Int32 {
    withSession(else: -1) { session in
        let events = session.takeLabelledEvents()
        var records = Records()
        records.add(events.count)
        for item in events {
            records.add(item.event.kind.rawValue)
            records.add(item.event.bubble?.rawValue ?? -1)
            records.add(item.event.tag == nil ? 0 : 1)
            records.add(item.event.tag ?? 0)
            records.add(item.label)
            records.add(item.event.step)
            records.add(item.event.refusal?.rawValue ?? "")
        }
        return records.publish()
    }
}

/// Writes what to announce since the last call (drained), oldest first: count, then the texts.
/// Returns the count of numbers.
/// - Complexity: O(announcements).
@_expose(wasm, "bp_announcements") @_cdecl("bp_announcements")
func bp_announcements() -> Int32 {
    withSession(else: -1) { session in
        let announcements = session.takeAnnouncements()
        var records = Records()
        records.add(announcements.count)
        for announcement in announcements { records.add(announcement.text) }
        return records.publish()
    }
}
