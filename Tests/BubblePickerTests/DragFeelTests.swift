import BubblePhysics
import Foundation
import Testing
@testable import BubblePicker

/// How a drag feels through the driver, as an app runs it: a 60 Hz display link and touches
/// sampled at 120 Hz on the same clock, delivered (coalesced) before each frame.
@Suite struct DragFeelTests {
    /// The dragged bubble stays within about one frame of the finger (≤ 12 pt behind at
    /// 600 pt/s, ≤ 30 pt at 1,500 pt/s), measured on the frame drawn (interpolated), alone and
    /// pushing through the crowd; its neighbours are pushed, never launched.
    @Test(arguments: [(600.0, 12.0), (1500.0, 30.0)])
    func draggedBubbleKeepsUpWithTheFinger(speed: Double, limit: Double) {
        let alone = DragRun.lag(speed: speed, count: 1)
        print("drag lag alone at \(speed) pt/s: mean \(alone.mean), max \(alone.max)")
        let figures = DragRun.lag(speed: speed)
        print("drag lag at \(speed) pt/s: mean \(figures.mean), max \(figures.max), neighbour speed \(figures.neighbourSpeed)")
        // Steady state: the mean over the frames after the first 0.1 s (a frame whose link
        // period ran no step, then one that ran two, shows a few points more).
        #expect(alone.mean <= limit)
        #expect(figures.mean <= limit)
        #expect(figures.neighbourSpeed <= 2 * speed)
    }

    /// A finger that stops dead: the bubble stops on it, passing it by less than a frame's worth
    /// of the finger's motion (the finger's last step still carries it), and settles back.
    @Test(arguments: [600.0, 1500.0])
    func bubbleStopsWithTheFinger(speed: Double) {
        let (overshoot, settled) = DragRun.stop(speed: speed)
        print("finger stops at \(speed) pt/s: overshoot \(overshoot) pt, \(settled) pt off after 0.3 s")
        #expect(overshoot < speed / 60)
        #expect(settled < 0.5)
    }

    /// The release throws with the finger's speed over its last moments of motion: a lift within
    /// 30 ms of the last move keeps ≥ 90% of it, a finger held still for 80 ms or more before
    /// lifting throws ≤ 10% (UIKit's pan velocity).
    @Test(arguments: [600.0, 1500.0])
    func releaseSpeedFollowsTheLastMoments(speed: Double) {
        for hold in [0.0, 0.03, 0.08, 0.15] {
            let ratio = DragRun.releaseRatio(speed: speed, hold: hold)
            print("release at \(speed) pt/s after \(Int(hold * 1000)) ms still: \(ratio)")
            if hold <= 0.03 { #expect(ratio >= 0.9) } else { #expect(ratio <= 0.1) }
        }
    }
}

/// One scripted drag through a `Driver`.
enum DragRun {
    static let touchRate = 120.0

    /// A resting 20-bubble picker driven by a 60 Hz link that drops no frame.
    static func restingDriver60() -> (Driver, DisplayLink) {
        var link = DisplayLink(rate: 60)
        link.dropShare = 0
        let driver = restingDriver(link: &link)
        return (driver, link)
    }

    /// The finger moves straight down at `speed` for 375 pt (0.625 s at 600 pt/s, 0.25 s at
    /// 1,500), from the topmost bubble near the middle through the crowd (a 375 × 1,000
    /// container for a lone bubble); lag = |finger + grab offset − drawn centre| per frame
    /// after the first 0.1 s. Also the fastest any other bubble moved (points per second).
    static func lag(speed: Double, count: Int = 20) -> (mean: Double, max: Double, neighbourSpeed: Double) {
        var link = DisplayLink(rate: 60)
        link.dropShare = 0
        var driver = restingDriver(count: count, link: &link) { if count == 1 { $0.size.height = 1000 } }
        let travel = 375.0, anchor = driver.picker.anchorPoint
        let bubbles = driver.currentFrame.bubbles
        let grabbed = bubbles.filter { abs($0.center.x - anchor.x) < 60 }.min { $0.center.y < $1.center.y }!
        let start = grabbed.center
        let finger = { (t: Double) -> Vector2 in start + Vector2(0, speed * t) }
        let t0 = link.nextFrame()
        _ = driver.frame(at: t0)
        driver.pointerDown(id: 1, at: start, timestamp: t0)
        var touch = t0
        var lags: [Double] = [], neighbourSpeed = 0.0
        while speed * (touch - t0) < travel - 1e-9 {
            let frameTime = link.nextFrame()
            var last = finger(touch - t0)
            while touch + 1 / touchRate <= frameTime && speed * (touch - t0) < travel - 1e-9 {
                touch += 1 / touchRate
                last = finger(touch - t0)
                driver.pointerMove(id: 1, at: last, timestamp: touch)
            }
            _ = driver.frame(at: frameTime)
            for bubble in bubbles where bubble.id != grabbed.id {
                neighbourSpeed = max(neighbourSpeed, driver.velocity(of: bubble.id)!.length)
            }
            guard touch - t0 > 0.1 else { continue }
            lags.append((last - driver.drawnCenter(of: grabbed.id)!).length)
        }
        return (lags.reduce(0, +) / Double(lags.count), lags.max()!, neighbourSpeed)
    }

    /// A lone bubble dragged straight down at `speed` for 0.2 s, then the finger holds still for
    /// 0.3 s: how far the drawn bubble passed the finger, and how far off it is at the end.
    static func stop(speed: Double) -> (overshoot: Double, settled: Double) {
        var link = DisplayLink(rate: 60)
        link.dropShare = 0
        var driver = restingDriver(count: 1, link: &link) {
            $0.size.height = 1000
            $0.anchor = Vector2(0.5, 0.2)
        }
        let bubble = driver.currentFrame.bubbles[0]
        let t0 = link.nextFrame()
        _ = driver.frame(at: t0)
        driver.pointerDown(id: 1, at: driver.currentFrame.bubbles[0].center, timestamp: t0)
        let down = driver.currentFrame.bubbles[0].center
        var touch = t0, last = down, overshoot = 0.0
        while touch - t0 < 0.5 {
            let frameTime = link.nextFrame()
            while touch + 1 / touchRate <= frameTime && touch - t0 < 0.2 - 1e-9 {
                touch += 1 / touchRate
                last = down + Vector2(0, speed * (touch - t0))
                driver.pointerMove(id: 1, at: last, timestamp: touch)
            }
            _ = driver.frame(at: frameTime)
            if touch - t0 >= 0.2 - 1e-9 { overshoot = max(overshoot, driver.drawnCenter(of: bubble.id)!.y - last.y) }
            if frameTime - t0 >= 0.5 { break }
        }
        return (overshoot, (driver.drawnCenter(of: bubble.id)! - last).length)
    }

    /// The finger drags the bubble nearest the anchor straight down at `speed` for 0.2 s, rests
    /// `hold` seconds (no moves, as a still finger sends none), then lifts at the same point;
    /// returns the released bubble's speed over the finger's.
    static func releaseRatio(speed: Double, hold: Double) -> Double {
        var (driver, link) = restingDriver60()
        let anchor = driver.picker.anchorPoint
        let grabbed = driver.currentFrame.bubbles.min { ($0.center - anchor).length < ($1.center - anchor).length }!
        let start = grabbed.center
        let t0 = link.nextFrame()
        _ = driver.frame(at: t0)
        driver.pointerDown(id: 1, at: start, timestamp: t0)
        var touch = t0, last = start
        while true {
            let frameTime = link.nextFrame()
            while touch + 1 / touchRate <= frameTime && touch - t0 < 0.2 - 1e-9 {
                touch += 1 / touchRate
                last = start + Vector2(0, speed * (touch - t0))
                driver.pointerMove(id: 1, at: last, timestamp: touch)
            }
            if touch - t0 >= 0.2 - 1e-9 && frameTime >= touch + hold {
                driver.pointerUp(id: 1, at: last, timestamp: touch + hold)
                return driver.velocity(of: grabbed.id)!.length / speed
            }
            _ = driver.frame(at: frameTime)
        }
    }
}
