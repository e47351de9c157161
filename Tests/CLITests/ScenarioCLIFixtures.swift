import Foundation

/// Scenario documents for the CLI tests: a small valid one, and bad ones with the error each must give.
enum ScenarioCLIFixtures {
    /// A valid scenario of `steps` steps with two tagged bubbles and `timeline`.
    static func scenario(steps: Int = 60, container: String = #""width": 375, "height": 667"#,
                         bubbles: String = #"[{"text": "A", "tag": 1}, {"text": "B", "tag": 2}]"#,
                         timeline: String = "[]", extra: String = "") -> String {
        """
        {
          "format": 1,
          "description": "cli test",
          "seed": 3,
          "steps": \(steps),
          "container": {\(container)},
          "bubbles": \(bubbles),
          "timeline": \(timeline)\(extra)
        }
        """
    }

    /// (name, document, text the one-line error must contain).
    static let bad: [(String, String, String)] = [
        ("malformed", "{\n  \"format\": 1,\n  \"steps\": [1, 2,]\n}\n", "line 3:18: trailing comma before ']'"),
        ("missing-field", scenario().replacingOccurrences(of: #""seed": 3,"#, with: ""), "seed: missing required field"),
        ("unknown-field", scenario(extra: #", "gravity": 9.8"#), "gravity: unknown field"),
        ("unknown-event", scenario(timeline: #"[{"at": 1, "event": "explode"}]"#), #"timeline[0].event: expected one of: add, remove"#),
        ("missing-event", scenario(timeline: #"[{"at": 1, "tag": 1}]"#),
         "timeline[0].event: missing required field, expected one of: add, remove, select, deselect, toggle, pointerDown"),
        ("number-event", scenario(timeline: #"[{"at": 1, "event": 7}]"#), "timeline[0].event: expected one of: add, remove, select"),
        ("nan", scenario(container: #""width": NaN, "height": 10"#), "line 6:26: 'NaN' is not a JSON number"),
        ("infinity", scenario(container: #""width": 10, "height": -Infinity"#), "line 6:40: -Infinity is not a JSON number"),
        ("huge-number", scenario(container: #""width": 1e999, "height": 10"#), "line 6:26: number 1e999 is out of range"),
        ("negative-size", scenario(bubbles: #"[{"text": "A", "minSize": -80}]"#), "bubbles[0].minSize: must be in 1...10000 (got -80)"),
        ("zero-size", scenario(bubbles: #"[{"text": "A", "maxSize": 0}]"#), "bubbles[0].maxSize: must be in 1...10000 (got 0)"),
        ("negative-container", scenario(container: #""width": -375, "height": 667"#), "container.width: must be in 0...10000000 (got -375)"),
        ("beyond-end", scenario(steps: 600, timeline: #"[{"at": 10, "event": "tap", "x": 1, "y": 1}, {"at": 900, "event": "select", "tag": 1}]"#),
         "timeline[1].at: step 900 is beyond the end (steps = 600)"),
        ("no-match", scenario(timeline: #"[{"at": 10, "event": "remove", "tag": 42}]"#), "timeline[0].tag: no bubble matches at step 10 (got 42)"),
        ("billion", scenario(extra: #", "crowd": {"count": 1000000000, "minSize": 4}"#), "crowd.count: must be in 1...100000 (got 1000000000)"),
        ("wrong-type", scenario(steps: 60).replacingOccurrences(of: #""steps": 60"#, with: #""steps": "sixty""#),
         #"steps: expected a whole number (got "sixty")"#),
    ]
}
