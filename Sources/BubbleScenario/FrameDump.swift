import BubblePicker

/// The `simulate` dump: one row per bubble per dumped step, as CSV or JSON Lines.
///
/// Numbers are shortest round-trip decimals (`Double.description`), so a dump is exact and
/// bit-identical across runs and platforms.
///
/// A bubble is in the dump from the step it appears (gets a body, at its spawn point) until it
/// has shrunk out. A bubble that has not appeared (waiting for the container to get an area, or
/// removed while still waiting) has no position and is not in the dump, just as it is not drawn.
public enum DumpFormat: String, Sendable, CaseIterable {
    /// `step,id,tag,x,y,diameter,selected` with a header line.
    case csv
    /// One JSON object per line: `{"step":0,"id":1,"tag":3,"x":1.5,"y":2.0,"diameter":80.0,"selected":false}`.
    case jsonl

    /// The header line (CSV only), with its newline; empty for JSON Lines.
    public var header: String {
        self == .csv ? "step,id,tag,x,y,diameter,selected\n" : ""
    }

    /// Whether a bubble has appeared: it has a body (a bubble without one is drawn at scale 0; a
    /// bubble with one never has a scale below `minimumScale`).
    static func hasAppeared(_ bubble: BubbleSnapshot) -> Bool {
        bubble.phase != .waiting && bubble.scale > 0
    }

    /// The rows of one frame, each ending in a newline; bubbles that have not appeared are left out.
    /// - Complexity: O(bubbles).
    public func rows(_ frame: BubbleFrame) -> String {
        var out = ""
        for bubble in frame.bubbles where Self.hasAppeared(bubble) {
            let id = bubble.id.rawValue, x = bubble.center.x, y = bubble.center.y, diameter = bubble.drawnDiameter
            switch self {
            case .csv:
                out += "\(frame.step),\(id),\(bubble.tag.map { String($0) } ?? ""),\(x.description),"
                    + "\(y.description),\(diameter.description),\(bubble.isSelected)\n"
            case .jsonl:
                out += "{\"step\":\(frame.step),\"id\":\(id),\"tag\":\(bubble.tag.map { String($0) } ?? "null"),"
                    + "\"x\":\(JSONWriter.number(x)),\"y\":\(JSONWriter.number(y)),"
                    + "\"diameter\":\(JSONWriter.number(diameter)),\"selected\":\(bubble.isSelected)}\n"
            }
        }
        return out
    }
}
