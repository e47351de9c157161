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
    public func rows(_ frame: ScenarioFrame) -> String {
        var out = ""
        for bubble in frame.bubbles {
            switch self {
            case .csv:
                out += "\(frame.step),\(bubble.id),\(bubble.tag.map(String.init) ?? ""),\(bubble.x.description),"
                    + "\(bubble.y.description),\(bubble.diameter.description),\(bubble.selected)\n"
            case .jsonl:
                out += "{\"step\":\(frame.step),\"id\":\(bubble.id),\"tag\":\(bubble.tag.map(String.init) ?? "null"),"
                    + "\"x\":\(JSONWriter.number(bubble.x)),\"y\":\(JSONWriter.number(bubble.y)),"
                    + "\"diameter\":\(JSONWriter.number(bubble.diameter)),\"selected\":\(bubble.selected)}\n"
            }
        }
        return out
    }
}
