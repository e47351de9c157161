import BubblePicker

/// The `simulate` dump: one row per bubble per dumped step, as CSV or JSON Lines.
///
/// Numbers are shortest round-trip decimals (`Double.description`), so a dump is exact and
/// bit-identical across runs and platforms.
public enum DumpFormat: String, Sendable, CaseIterable {
    /// `step,id,tag,x,y,diameter,selected` with a header line.
    case csv
    /// One JSON object per line: `{"step":0,"id":1,"tag":3,"x":1.5,"y":2.0,"diameter":80.0,"selected":false}`.
    case jsonl

    /// The header line (CSV only), with its newline; empty for JSON Lines.
    public var header: String {
        self == .csv ? "step,id,tag,x,y,diameter,selected\n" : ""
    }

    /// The rows of one frame, each ending in a newline.
    /// - Complexity: O(bubbles).
    public func rows(_ frame: BubbleFrame) -> String {
        var out = ""
        for bubble in frame.bubbles {
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
