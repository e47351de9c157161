import BubblePhysics
@testable import BubblePicker

typealias Driver = BubblePickerDriver<DefaultBubble>

/// A display link as an app sees one: frames at `rate` Hz of a media clock, each late by a seeded
/// jitter of up to `jitter` seconds, a seeded share of them dropped, stopped whenever the driver
/// says the picker rests.
struct DisplayLink {
    var time: Double
    var rate = 120.0
    var jitter = 0.001
    var dropShare = 0.05
    var random = SplitMix64(seed: 120)
    /// The next vsync (before jitter).
    var vsync: Double

    init(start: Double = 1000, rate: Double = 120) {
        time = start
        vsync = start
        self.rate = rate
    }

    /// The timestamp of the next frame the link delivers (skipping dropped ones).
    mutating func nextFrame() -> Double {
        repeat { vsync += 1 / rate } while random.nextUnit() < dropShare
        time = vsync + random.nextUnit() * jitter
        return time
    }

    /// Restarts the link: its next vsync follows `timestamp`.
    mutating func restart(after timestamp: Double) {
        let periods = ((timestamp - vsync) * rate).rounded(.down)
        if periods > 0 { vsync += periods / rate }
    }

    /// Runs frames until the driver says the link may stop (or `limit` seconds pass).
    mutating func runUntilRest(_ driver: inout Driver, limit: Double = 20) {
        let end = time + limit
        while driver.needsDisplayLink && time < end { _ = driver.frame(at: nextFrame()) }
    }
}

/// A 375 × 667 driver with `count` stock bubbles, run by a 120 Hz link until it rests.
func restingDriver(count: Int = 20, seed: UInt64 = 7, link: inout DisplayLink,
                   _ adjust: (inout BubbleContainerConfiguration) -> Void = { _ in }) -> Driver {
    var driver = Driver(picker: makePicker(seed: seed, adjust))
    for index in 0..<count { driver.picker.addDefaultBubble(text: "Genre \(index)", tag: index) }
    link.runUntilRest(&driver)
    return driver
}

extension BubblePickerDriver {
    /// The drawn centre of a bubble in the frame on screen.
    func drawnCenter(of id: BubbleID) -> Vector2? { currentFrame.bubbles.first { $0.id == id }?.center }
}
