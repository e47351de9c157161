import Testing
import BubbleGeometry
import BubblePicker
@testable import BubbleWeb

/// Commands' text form and the settings' numbers.
@Suite struct PlaygroundCommandTests {
    static let commands: [PlaygroundCommand] = [
        .add(.standard, selected: false, atCenter: false), .add(.badge, selected: true, atCenter: true),
        .addMany(1000, .small), .remove(BubbleID(3)), .removeAt(Vector2(120.5, 1e-7), time: 2.25), .removeSelected,
        .select(BubbleID(0)), .deselect(BubbleID(4)), .toggle(BubbleID(9)), .selectAll, .deselectAll,
        .pointerDown(Vector2(0.1, 0.2), time: 0.30000000000000004), .pointerMove(Vector2(-5, 1e300), time: 3),
        .pointerUp(Vector2(1, 2), time: 1.0 / 3), .pointerCancel, .resize(Size(width: 667, height: 375)),
        .set(.fieldStrength, 30_000), .set(.maxSelected, -1), .advance(1.0 / 60), .step,
        .addBubble(PlaygroundBubbleSpec(label: "Hip Hop %20\n=x", tag: -3, size: 64.5, selected: true,
                                        color: BubbleColor(red: 1, green: 0.5, blue: 0), at: Vector2(10, 20))),
        .addBubble(PlaygroundBubbleSpec(label: "")), .addBubble(PlaygroundBubbleSpec(label: "-")),
        .addRandom(count: 1000, seed: 7, minSize: 20, maxSize: 80),
        .update(BubbleID(3), PlaygroundBubbleUpdate(label: "Jazz", tag: 2, size: 90, color: BubbleColor(red: 0, green: 0, blue: 1))),
        .update(BubbleID(3), PlaygroundBubbleUpdate()), .update(BubbleID(4), PlaygroundBubbleUpdate(label: "-")),
        .removeTag(-2), .selectTag(5), .touch(.down, id: 2, Vector2(1.5, 2), timestamp: 10.25),
        .touch(.move, id: 2, Vector2(3, 4), timestamp: 10.3), .touch(.up, id: 0, Vector2(3, 4), timestamp: 10.4),
        .touchCancel(id: 7), .frame(12.016), .focus(BubbleID(2)), .focus(nil), .moveFocus(.previous),
        .activateFocused, .removeFocused, .restore("bubbleweb-session 1 0 0 0 0\nline two % and spaces"),
        .set(.longPressAction, 2), .set(.substeps, 4), .set(.fitPolicy, 0), .scroll(-42.5),
    ]

    @Test("every command's text reads back as the same command, exactly")
    func roundTrip() {
        for command in Self.commands {
            #expect(PlaygroundCommand(text: command.text) == command, "\(command.text)")
        }
        #expect(PlaygroundCommand(text: "advance 0.016666666666666666") == .advance(1.0 / 60))
    }

    @Test("malformed lines are not commands")
    func malformed() {
        for line in ["", "jump", "select", "select 1.5", "select -1", "down 1 2", "set nothing 1", "add big 0 0",
                     "addMany 1e10 small", "advance x", "step 1", "resize 1", "pdown -1 1 2 3", "pmove 1 2 3",
                     "bubble 0 - 0 - - - - - Rock", "bubble 0 - 2 - - - - - =Rock", "bubble 0 - 0 - - - 1 - =Rock",
                     "update 1 - - - - - Rock", "restore x", "restore =%zz", "moveFocus sideways", "focus 1.5",
                     "removeTag 1.5", "random -1 0 20 80"] {
            #expect(PlaygroundCommand(text: line) == nil, "\(line)")
        }
    }

    @Test("every setting reads back what was set, by name and by code")
    func settings() throws {
        var session = try PlaygroundSession(size: Size(width: 375, height: 667))
        for setting in BubbleSetting.allCases {
            #expect(BubbleSetting(rawValue: setting.rawValue) == setting)
            let value: Double
            switch setting {
            case .fieldLaw, .maxSelectedPolicy, .horizontalScroll, .verticalScroll, .longPressAction, .fitPolicy: value = 1
            case .backgroundScrollEnabled, .backgroundDragScrolls: value = 0
            case .maxSelected, .maxBubbles: value = 5
            case .substeps: value = 2
            default: value = setting.number(in: session.picker.configuration) * 0.5 + 0.01
            }
            try session.set(setting, value)
            #expect(session.value(of: setting) == value, "\(setting.rawValue)")
        }
        try session.set(.maxBubbles, -1)
        #expect(session.picker.configuration.maxBubbles == nil)
    }

    @Test("numbers a setting cannot mean are refused, and nothing changes")
    func refusals() throws {
        var session = try PlaygroundSession(size: Size(width: 375, height: 667))
        let before = session.picker.configuration
        #expect(throws: PlaygroundError.invalidSetting("fieldLaw", 3)) { try session.set(.fieldLaw, 3) }
        #expect(throws: PlaygroundError.invalidSetting("maxSelected", 1.5)) { try session.set(.maxSelected, 1.5) }
        #expect(throws: PlaygroundError.invalidSetting("maxBubbles", 3e9)) { try session.set(.maxBubbles, 3e9) }
        #expect(throws: PlaygroundError.self) { try session.set(.resistance, .nan) }
        // Out of range: the container's message, with the value written without trapping on 32-bit Int.
        do {
            try session.set(.fieldStrength, 5e9)
            Issue.record("5e9 accepted")
        } catch {
            #expect(error.description.contains("5000000000"), "\(error)")
        }
        #expect(throws: PlaygroundError.self) { try session.resize(to: Size(width: -1, height: 10)) }
        #expect(session.picker.configuration == before)
    }
}
