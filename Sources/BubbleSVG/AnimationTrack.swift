import Balloons
import BubblePicker
import BubbleScene

/// One scene item followed through every scene: present or not, and its shape in each.
struct Track {
    /// What identifies an item across scenes.
    struct Key: Hashable {
        var role: SceneRole
        var bubble: BubbleID?
        /// Text items with different text are different elements (SMIL cannot animate text).
        var text: String?
    }

    let key: Key
    /// The shape in each scene, nil where absent.
    var shapes: [SceneShape?]
    /// Layer, then first appearance: the drawing order.
    let order: (Int, Int, Int)

    /// Every item of every scene as a track, in drawing order (layer, then first appearance).
    static func tracks(_ scenes: [DrawList]) -> [Track] {
        var index: [Key: Int] = [:]
        var tracks: [Track] = []
        for (sceneIndex, scene) in scenes.enumerated() {
            for (itemIndex, item) in scene.items.enumerated() {
                var text: String? = nil
                if case .text(let value) = item.shape { text = value.text }
                let key = Key(role: item.role, bubble: item.bubble, text: text)
                let slot: Int
                if let known = index[key] {
                    slot = known
                } else {
                    slot = tracks.count
                    index[key] = slot
                    tracks.append(Track(key: key, shapes: Array(repeating: nil, count: scenes.count),
                                        order: (item.layer.rawValue, sceneIndex, itemIndex)))
                }
                tracks[slot].shapes[sceneIndex] = item.shape
            }
        }
        return tracks.sorted { $0.order < $1.order }
    }

    /// The shapes with gaps filled from the nearest present scene (so nothing flies in from the origin).
    var filled: [SceneShape] {
        guard let firstPresent = shapes.firstIndex(where: { $0 != nil }), let start = shapes[firstPresent] else { return [] }
        var result: [SceneShape] = []
        var last = start
        for shape in shapes {
            if let shape { last = shape }
            result.append(last)
        }
        return result
    }

    /// The SVG element, with its animations (hidden until it first appears).
    func element(_ timing: AnimationTiming) -> String {
        let shapes = filled
        guard let first = shapes.first else { return "" }
        var animations = ""
        var hidden = ""
        if self.shapes.contains(where: { $0 == nil }) {
            animations += timing.animate("visibility", self.shapes.map { $0 == nil ? "hidden" : "visible" }, discrete: true)
            if self.shapes.first.map({ $0 == nil }) ?? false { hidden = " visibility=\"hidden\"" }
        }
        if case .path = first { return TrackAnimation.movingPath(shapes, timing, hidden: hidden, visibility: animations) }
        animations += TrackAnimation.attributes(of: shapes, timing)
        return SceneSVG.element(first, attributes: hidden, children: animations)
    }
}

