import Testing
import BubbleGeometry
import BubblePicker
import BubbleScene
@testable import BubbleWeb

/// The frame-to-frame reuse in the scene path gives exactly what a fresh encoder gives.
@Suite struct SceneCacheTests {
    /// The numbers with each text item's string offset replaced by its text's bytes' hash-free
    /// identity (the text itself), so encodings with different tables compare.
    static func normalized(_ numbers: [Double], _ strings: [UInt8]) -> ([Double], [String]) {
        var texts: [String] = [], out = numbers
        var index = 13
        let count = Int(numbers[11])
        for _ in 0..<count {
            let shape = numbers[index]
            index += 4
            switch shape {
            case 0, 1: index += 4 + paintLength(numbers, index + 4)
            case 2: index += 3 + paintLength(numbers, index + 3)
            case 3:
                var at = index + 1
                for _ in 0..<Int(numbers[index]) { at += [3, 3, 5, 7, 1][Int(numbers[at])] }
                index = at + paintLength(numbers, at)
            default:
                let offset = Int(numbers[index]), length = Int(numbers[index + 1])
                texts.append(String(decoding: strings[offset..<(offset + length)], as: UTF8.self))
                out[index] = 0
                index += 11
            }
        }
        #expect(index == numbers.count)
        return (out, texts)
    }

    static func paintLength(_ numbers: [Double], _ at: Int) -> Int { 10 + Int(numbers[at + 9]) }

    @Test("a persistent encoder over 150 frames of a changing session equals a fresh encoder per frame")
    func persistentEqualsFresh() throws {
        var session = try PlaygroundSession(size: Size(width: 600, height: 500), seed: 2)
        session.sceneBuilder.theme = .debug
        for _ in 0..<8 { session.add(.standard) }
        session.add(.badge)
        _ = try session.addRandom(60, seed: 3, minSize: 20, maxSize: 60)
        var persistent = SceneEncoder()
        var t = 1.0
        for frame in 0..<150 {
            t += 1.0 / 60
            session.frame(at: t)
            if frame == 40 { session.selectAll() }
            if frame == 80 { _ = try session.update(BubbleID(2), PlaygroundBubbleUpdate(label: "Renamed twice over")) }
            if frame == 100 { session.remove(tag: 0) }
            let scene = session.scene()
            var fresh = SceneEncoder()
            fresh.encode(scene)
            persistent.encode(scene)
            let a = Self.normalized(persistent.numbers, persistent.strings), b = Self.normalized(fresh.numbers, fresh.strings)
            #expect(a.0 == b.0 && a.1 == b.1, "frame \(frame)")
        }
        #expect(persistent.generation == 0)
    }
}

/// Label layouts cached across frames give the same scenes as layout every frame.
@Suite struct LabelCacheTests {
    @Test("a caching scene builder's scenes equal an uncached builder's, frame for frame, through growth, selection and renames")
    func cachedEqualsUncached() throws {
        var session = try PlaygroundSession(size: Size(width: 600, height: 500), seed: 5)
        for _ in 0..<10 { session.add(.standard) }
        session.add(.badge)
        _ = try session.addRandom(80, seed: 6, minSize: 20, maxSize: 70)
        var cached = SceneBuilder(), uncached = SceneBuilder()
        cached.cachesLabelLayouts = true
        #expect(session.sceneBuilder.cachesLabelLayouts)
        var t = 3.0
        for frame in 0..<150 {
            t += 1.0 / 60
            session.frame(at: t)
            if frame == 30 { session.selectAll() }
            if frame == 60 { _ = try session.update(BubbleID(1), PlaygroundBubbleUpdate(label: "A much longer label now", size: 50)) }
            if frame == 90 { session.deselectAll() }
            let shown = session.picker.frame(interpolation: session.fraction)
            #expect(cached.scene(for: shown) == uncached.scene(for: shown), "frame \(frame)")
        }
    }
}

/// `scene()` draws the last `frame(at:)`'s frame while nothing changed, and a fresh one after a change.
@Suite struct SceneFrameReuseTests {
    @Test("the scene equals one built from a fresh frame, right after a frame and after calls that change the picker")
    func reusedFrameIsTheFrameOnScreen() throws {
        var session = try PlaygroundSession(size: Size(width: 500, height: 600), seed: 9)
        for _ in 0..<12 { session.add(.standard) }
        var t = 2.0
        for frame in 0..<90 {
            t += 1.0 / 60
            session.frame(at: t)
            if frame % 15 == 7 { session.selectAll() }
            if frame % 15 == 11 { session.deselectAll() }
            if frame % 30 == 13 { session.add(.badge) }
            var builder = session.sceneBuilder
            let expected = builder.scene(for: session.picker.frame(interpolation: session.fraction))
            #expect(session.scene() == expected, "frame \(frame)")
        }
    }
}
