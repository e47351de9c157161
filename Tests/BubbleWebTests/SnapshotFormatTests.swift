import BubblePhysics
import BubblePicker
import Foundation
import Testing
@testable import BubbleWeb

/// The web snapshot: its header inside the checksum, counters with headroom, the first format
/// still read, and a restored session whose next frames are the saved session's.
@Suite struct SnapshotFormatTests {
    static let dt = 1.0 / 120

    static func session() throws -> (PlaygroundSession, Double) {
        var s = try PlaygroundSession(size: Size(width: 390, height: 700), seed: 3)
        for index in 0..<12 { try s.add(PlaygroundBubbleSpec(label: "B\(index)", tag: index % 3)) }
        var t = 100.0
        for _ in 0..<40 { t += dt; s.frame(at: t) }
        s.select(tag: 1)
        for _ in 0..<3 { t += dt; s.frame(at: t) }
        return (s, t)
    }

    @Test("restored in place, the next frames are the saved session's frames (no priming frame)")
    func framesContinue() throws {
        var (s, t) = try Self.session()
        let snapshot = s.snapshot()
        #expect(snapshot.hasPrefix("bubbleweb-session 2\nsession standard=") && snapshot.hasSuffix("\n"))
        var saved = s
        let savedAt = t
        for _ in 0..<30 { t += Self.dt; s.frame(at: t) }
        try s.restore(snapshot)
        // `s` went back to the saved state, standing for its display time now (t); `saved` never
        // left it (display time savedAt): frames the same time after each step the same.
        #expect(s.stateHash() == saved.stateHash())
        for index in 1...60 {
            let fa = s.frame(at: t + Double(index) * Self.dt), fb = saved.frame(at: savedAt + Double(index) * Self.dt)
            #expect(fa.stepsRun == fb.stepsRun && s.stateHash() == saved.stateHash(), "frame \(index)")
        }
    }

    @Test("an edited header, a counter above 2^30, a cut text: refused; the first format still reads")
    func refusalsAndVersionOne() throws {
        var (s, _) = try Self.session()
        let snapshot = s.snapshot()
        var copy = try PlaygroundSession(size: Size(width: 10, height: 10))
        var lines = snapshot.split(separator: "\n").map(String.init)
        let counters = lines[1].split(separator: " ").dropFirst().map { String($0.split(separator: "=")[1]) }
        #expect(counters.count == 4)
        let edited = snapshot.replacingOccurrences(of: lines[1], with: "session standard=7 badge=0 small=0 numbered=0")
        #expect(edited != snapshot)
        for (bad, expected) in [(edited, "session.checksum does not match"), (String(snapshot.dropLast(30)), "session.checksum"),
                                ("bubbleweb-session 3\nx", "version 3")] {
            do {
                try copy.restore(bad)
                Issue.record("accepted: \(expected)")
            } catch {
                #expect(error.description.contains(expected), "\(error)")
            }
        }
        // A sealed text whose counter is at Int32.max: refused before any add could overflow.
        lines[1] = "session standard=2147483647 badge=0 small=0 numbered=0"
        let body = lines.dropLast().joined(separator: "\n") + "\n"
        let sealed = body + "session.checksum " + PlaygroundSession.hexDigits(PlaygroundSession.checksum(body.utf8)) + "\n"
        do {
            try copy.restore(sealed)
            Issue.record("a counter at Int32.max was accepted")
        } catch {
            #expect(error.description.contains("0...1073741824"), "\(error)")
        }
        // The first format: counters on the first line, outside any checksum.
        let pickerText = lines[2..<(lines.count - 1)].joined(separator: "\n") + "\n"
        try copy.restore("bubbleweb-session 1 " + counters.joined(separator: " ") + "\n" + pickerText)
        #expect(copy.stateHash() == s.stateHash())
        copy.add(.standard)
        s.add(.standard)
        #expect(copy.picker.bubbles.last?.text == s.picker.bubbles.last?.text)
    }
}
