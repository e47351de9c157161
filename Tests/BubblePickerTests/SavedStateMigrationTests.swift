import BubblePhysics
import Foundation
import Testing
@testable import BubblePicker

/// A format that lasts: the version-1 file apps saved still restores; unknown lines and fields
/// (a later release's) are ignored; a missing setting takes its default.
@Suite struct SavedStateMigrationTests {
    /// The state hash `SavedStateTests.busyPicker()` had after `pointerCancel()`, recorded with
    /// the release that wrote the version-1 fixture.
    static let versionOneCancelledHash: UInt64 = 0x1e49_5560_11e4_f1e6

    @Test("the version-1 file restores with today's reader: its pointers cancelled, its bubbles where they were")
    func versionOne() throws {
        let text = SavedStateVersion1Fixture.busyPicker
        #expect(text.hasPrefix("bubblepicker-state 1\n") && text.contains("\npointer 7 bubble 2 "))
        var restored = try Picker(savedState: text)
        #expect(restored.stateHash() == Self.versionOneCancelledHash, "the state the picker had, its two pointers cancelled")
        #expect(restored.pointerIDs.isEmpty && restored.draggedBubbles.isEmpty)
        #expect(restored.count == 11 && restored.selectedBubbles.map(\.id) == [BubbleID(1), BubbleID(9)])
        #expect(restored.events.count == 16 && restored.configuration.maxSelected == 3)
        #expect(restored.center(of: BubbleID(0)) == Vector2(258.6165169325975, 455.8917902258558))
        let resaved = restored.savedState()
        #expect(resaved.hasPrefix("bubblepicker-state 2\n"))
        let again = try Picker(savedState: resaved)
        SavedStateTests.expectSameFuture(restored, again, steps: 300, "version 1, saved again as version 2")
        restored.run(seconds: 5)
        SavedStateFuzzTests.expectValid(restored, "version 1, 5 s later")
    }

    @Test("a version-1 file with two pointers on one bubble, or two on the background, is refused")
    func versionOnePointers() {
        let text = SavedStateVersion1Fixture.busyPicker
        let lines = text.split(separator: "\n").map(String.init)
        guard let bubblePointer = lines.first(where: { $0.hasPrefix("pointer 7 ") }),
              let backgroundPointer = lines.first(where: { $0.hasPrefix("pointer 9 ") }) else {
            Issue.record("fixture without pointers")
            return
        }
        let twice = bubblePointer.replacingOccurrences(of: "pointer 7 ", with: "pointer 8 ")
        let twiceBackground = backgroundPointer.replacingOccurrences(of: "pointer 9 ", with: "pointer 10 ")
        for (extra, expected) in [(twice, "must not be held by another pointer"), (twiceBackground, "second pointer on the background")] {
            let edited = SavedStateFuzzTests.resealed(text.replacingOccurrences(of: "picker.pointers 2\n", with: "picker.pointers 3\n")
                .replacingOccurrences(of: bubblePointer + "\n", with: bubblePointer + "\n" + extra + "\n"))
            do {
                _ = try Picker(savedState: edited)
                Issue.record("accepted: \(expected)")
            } catch {
                #expect(error.description.contains(expected), "\(error)")
            }
        }
    }

    @Test("a later release's lines and fields are ignored; a missing setting takes its default")
    func forwardAndBackward() throws {
        var picker = SavedStateTests.busyPicker()
        picker.pointerCancel()
        let text = picker.savedState()
        let later = SavedStateFuzzTests.resealed(
            text.replacingOccurrences(of: "configuration.gestures ", with: "configuration.future policy=scroll minimumScale=0.5\nconfiguration.gestures futurePolicy=scale ")
                .replacingOccurrences(of: "\nbubble id=0 ", with: "\nbubble halo=3 id=0 "))
        let read = try Picker(savedState: later)
        #expect(read.stateHash() == picker.stateHash())
        var custom = makePicker { $0.tapMaxDistance = 4; $0.longPressAction = .reportOnly }
        custom.addDefaultBubble(text: "a")
        let older = SavedStateFuzzTests.resealed(
            custom.savedState().replacingOccurrences(of: #" tapMaxDistance=[^ ]+"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: " longPressAction=reportOnly", with: ""))
        let defaults = BubbleContainerConfiguration()
        let restored = try Picker(savedState: older)
        #expect(restored.configuration.tapMaxDistance == defaults.tapMaxDistance)
        #expect(restored.configuration.longPressAction == defaults.longPressAction)
    }
}
