import BubblePhysics
import BubblePicker
import BubbleScene

/// `bubblepicker bench fit`: how well bubbles lie when they do not fit — the reference boxes of
/// issue 38 under each fit policy, settled, with the overlap and the smallest label drawn.
enum BenchFit {
    /// One measured box.
    struct Case {
        var name: String
        var width: Double
        var height: Double
        var count: Int
        /// Random diameters in `low...high` (seeded), or all `high` when equal.
        var low: Double
        var high: Double
        /// Turned to landscape (width and height swapped) once settled, then settled again.
        var rotated = false
    }

    /// The reference boxes: a phone with 200 and 1,000 bubbles of 20–80 pt, a 200 × 200 box with
    /// 8 (and 10, as the element's example) and a 150 × 600 strip with 8 genre bubbles of 80 pt,
    /// the strip with 200, an iPad with 200.
    static let cases: [Case] = [
        Case(name: "phone-200", width: 390, height: 844, count: 200, low: 20, high: 80),
        Case(name: "phone-1000", width: 390, height: 844, count: 1000, low: 20, high: 80),
        Case(name: "box-8", width: 200, height: 200, count: 8, low: 80, high: 80),
        Case(name: "box-10", width: 200, height: 200, count: 10, low: 80, high: 80),
        Case(name: "strip-8", width: 150, height: 600, count: 8, low: 80, high: 80),
        Case(name: "strip-200", width: 150, height: 600, count: 200, low: 20, high: 80),
        Case(name: "ipad-200", width: 1024, height: 1366, count: 200, low: 20, high: 80),
        Case(name: "phone-1000-rotated", width: 390, height: 844, count: 1000, low: 20, high: 80, rotated: true),
    ]

    static let genres = ["Pop", "Rock", "Jazz", "Travel", "Art", "Hip-Hop", "Classical", "Country", "Folk", "Metal"]

    /// What one settled picker shows.
    struct Result {
        var worst = 0.0, mean = 0.0
        var pairsOver5 = 0, hidden = 0
        var smallestLabel = Double.infinity
        var labels = 0, labelsUnder9 = 0
        var fitScale = 1.0, contentLength = 0.0
    }

    static func run(seeds: Int, steps: Int, csv: Bool, policies: [FitPolicy] = FitPolicy.allCases) throws {
        let header = csv ? "case,policy,seed,bubbles,worst_overlap,mean_overlap,pairs_over_5pct,hidden,smallest_label_pt,labels,labels_under_9pt,fit_scale,content_length"
                         : "case                policy           seed  bubbles  worst    mean     >5%   hidden  min_label  labels  <9pt  scale  content"
        print(header)
        for box in cases {
            for policy in policies {
                for seed in 1...seeds {
                    let r = try measure(box, policy: policy, seed: UInt64(seed), steps: steps)
                    let cells = [box.name, policy.rawValue, String(seed), String(box.count), pct(r.worst), pct(r.mean),
                                 String(r.pairsOver5), String(r.hidden),
                                 r.smallestLabel.isFinite ? BenchCommand.fixed(r.smallestLabel, 1) : "-",
                                 String(r.labels), String(r.labelsUnder9), BenchCommand.fixed(r.fitScale, 3),
                                 BenchCommand.fixed(r.contentLength, 0)]
                    if csv { print(cells.joined(separator: ",")) } else {
                        let widths = [20, 17, 6, 9, 9, 9, 6, 8, 11, 8, 6, 7, 8]
                        print(zip(cells, widths).map { $0.0 + String(repeating: " ", count: max(1, $0.1 - $0.0.count)) }.joined())
                    }
                }
            }
        }
    }

    /// A percentage with one decimal.
    static func pct(_ fraction: Double) -> String { BenchCommand.fixed(fraction * 100, 1) + "%" }

    /// The settled picker for `box` under `policy` (bubbles added at once, animated, like the
    /// page's "add many"), stepped `steps` steps or until it rests.
    static func settled(_ box: Case, policy: FitPolicy, seed: UInt64, steps: Int) throws -> BubbleContainer<DefaultBubble> {
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: box.width, height: box.height)
        configuration.fitPolicy = policy
        configuration.seed = seed
        var picker = try BubbleContainer<DefaultBubble>(configuration: configuration)
        var random = SplitMix64(seed: seed &* 7919)
        for index in 0..<box.count {
            let size = box.high > box.low ? random.next(in: box.low, box.high) : box.high
            let text = box.count <= genres.count ? genres[index] : "Item \(index + 1)"
            _ = picker.addDefaultBubble(text: text, style: BubbleStyle(minSize: size, maxSize: size * 1.33), animated: true)
        }
        for _ in 0..<steps where !picker.isAtRest { picker.step() }
        if box.rotated {
            try picker.resize(to: Size(width: box.height, height: box.width))
            for _ in 0..<steps where !picker.isAtRest { picker.step() }
        }
        return picker
    }

    static func measure(_ box: Case, policy: FitPolicy, seed: UInt64, steps: Int) throws -> Result {
        let picker = try settled(box, policy: policy, seed: seed, steps: steps)
        let frame = picker.frame()
        var result = overlap(frame)
        var builder = SceneBuilder()
        for item in builder.scene(for: frame).items where item.role == .label {
            guard case .text(let text) = item.shape else { continue }
            result.labels += 1
            if text.fontSize < result.smallestLabel { result.smallestLabel = text.fontSize }
            if text.fontSize < 9 { result.labelsUnder9 += 1 }
        }
        result.fitScale = picker.fitScale
        let content = frame.content
        result.contentLength = max(content.width, content.height)
        return result
    }

    /// Overlap of every pair of drawn circles as a fraction of the smaller radius: the worst, the
    /// mean over intersecting pairs, pairs beyond 5%, and bubbles lying wholly inside another.
    static func overlap(_ frame: BubbleFrame) -> Result {
        var result = Result()
        let circles = frame.bubbles.filter { $0.drawnDiameter > 0 }.map { ($0.center, $0.drawnDiameter * 0.5) }
        var sum = 0.0, touching = 0
        for i in circles.indices {
            for j in (i + 1)..<circles.count {
                let (a, ra) = circles[i], (b, rb) = circles[j]
                let d = (a - b).length, depth = ra + rb - d
                guard depth > 0 else { continue }
                let small = min(ra, rb)
                let fraction = depth / small
                touching += 1
                sum += fraction
                result.worst = max(result.worst, fraction)
                if fraction > 0.05 { result.pairsOver5 += 1 }
                if d + small <= max(ra, rb) { result.hidden += 1 }
            }
        }
        result.mean = touching > 0 ? sum / Double(touching) : 0
        return result
    }
}
