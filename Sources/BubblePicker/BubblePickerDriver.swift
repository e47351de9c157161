import BubblePhysics

/// Everything an adapter needs besides drawing, written once: a `BubbleContainer` driven by a
/// display clock and by touches that carry that clock's timestamps, with accessibility and
/// announcements. A UIKit, SwiftUI, AppKit or browser adapter keeps one and forwards its display
/// link and its touches; it draws `DisplayFrame.frame` and exposes `accessibilityElements()`.
///
/// - **Display clock.** `frame(at:)` takes the display link's timestamp (any clock in seconds
///   that touches share: `CADisplayLink.timestamp` and `UITouch.timestamp` are both
///   `CACurrentMediaTime`; `requestAnimationFrame` and `PointerEvent.timeStamp` are both
///   `performance.now()` / 1000), runs the fixed steps due and returns the frame to draw,
///   interpolated between the last two steps. When `needsDisplayLink` is false the picker rests
///   and its frames do not change: the app may stop its display link, and restart it when the
///   flag turns true again (after any input; a `didSet` on the property holding the driver sees
///   every change, so no event queue needs draining to learn of it).
/// - **Touch time.** A touch's timestamp becomes simulated time through one offset, fixed for
///   each pointer when it goes down: its samples keep their true spacing whatever the display
///   link did, so a flick keeps the finger's speed after the link was stopped at rest, paused
///   or stalled. When the picker rests (or the display clock is further behind the touch than
///   one frame can step), a new touch re-bases the offset first: the idle gap is skipped rather
///   than stepped. A touch or frame stamped far from the display clock (an adapter mixing epoch
///   and media time, a clock that jumped back) re-bases too: time never jumps and never freezes
///   (a far-behind touch keeps an offset of its own; a frame far behind the last re-bases the
///   display clock). A sample older than the pointer's last is ignored, a repeated one too, and an
///   up is never earlier than the last sample: no zero, reversed or infinite flick from
///   out-of-order input. An up at the last move's point within the lift latency keeps the
///   flick's speed, and a finger held still longer than that plus half the flick window has
///   stopped (see `BubbleContainer.pointerUp(id:at:time:)`).
/// - **Pointers** have identities (`pointerDown(id:at:timestamp:)`, `pointerMove`, `pointerUp`,
///   `pointerCancel`): several fingers drag several bubbles; the first finger on the background
///   owns the anchor. Touches hit the bubbles as drawn in the last frame (the interpolated
///   circles, not the physics state one step ahead).
/// - **Long press** runs on simulated time inside the picker (`longPressDuration`,
///   `longPressAction`), so it needs no timer: keep the display link running while
///   `needsDisplayLink` says so (a pointer down keeps the picker awake).
/// - **Accessibility and announcements**: see `accessibilityElements()`, the focus calls and
///   `takeAnnouncements()`.
///
/// A value type like the container; its own state (display clock, pointers' offsets, focus,
/// reading order) is transient and not part of `BubbleContainer`'s saved state: restore through
/// the driver in one call (`init(restoring:at:content:)`, `restore(from:content:)`), which
/// re-bases the display clock so the next frame steps on from the saved state.
public struct BubblePickerDriver<Content: BubbleLayoutProvider> {
    /// The picker. Call its methods directly for everything that is not a clock or a touch
    /// (`add`, `select`, `remove`, `resize(to:)`, `update`, settings); the driver sees their
    /// effects (wake-ups, events).
    /// - Complexity: O(1) to reach: a call through it mutates the container in place.
    public var picker: BubbleContainer<Content> {
        get { storedPicker }
        // Yields the storage itself, so a mutating call through `picker` never copies the
        // container's bubbles (a get-and-set would).
        _modify {
            yield &storedPicker
            storedPicker.recordAnnouncements()
        }
        set {
            storedPicker = newValue
            storedPicker.recordAnnouncements()
        }
    }
    /// The picker's storage (see `picker`).
    var storedPicker: BubbleContainer<Content>
    /// The display timestamp of the last frame (or of the input that re-based the clock), seconds;
    /// nil before the first.
    public private(set) var displayTime: Double?
    /// Simulated seconds minus display seconds, for pointers that go down now.
    public private(set) var clockOffset: Double = 0
    /// The interpolation fraction of the last frame (what is on screen), 0...1.
    public internal(set) var interpolation: Double = 1
    /// True for right-to-left layouts: reading order and `FocusDirection.next` run right to left.
    public var isRightToLeft = false
    var touches: [TouchRecord] = []
    /// The bubble with keyboard, switch or accessibility focus, if any. A bubble taking focus is
    /// scrolled into view when the fit policy scrolls (`BubbleContainer.scrollIntoView(_:)`).
    public internal(set) var focusedBubble: BubbleID? {
        didSet { if let id = focusedBubble, id != oldValue { storedPicker.scrollIntoView(id) } }
    }
    var readingOrder = BubbleReadingOrder()

    /// A driver around `picker`.
    public init(picker: BubbleContainer<Content>) {
        self.storedPicker = picker
        self.storedPicker.recordAnnouncements()
    }

    /// A driver around a new, empty picker.
    /// - Throws: `.invalidValue` naming the first setting out of range.
    public init(configuration: BubbleContainerConfiguration) throws(BubbleContainerError) {
        self.init(picker: try BubbleContainer(configuration: configuration))
    }

    /// True while the picker needs display frames: it is awake, or it has just come to rest and
    /// the resting state has not been stepped to yet. False at rest with nothing pending: frames
    /// would not change, so the display link may stop; any input turns it true again.
    public var needsDisplayLink: Bool { !(picker.isAtRest && picker.restingSteps > 0) }

    /// The simulated time the display clock stands for now: the picker's time plus what its
    /// frame clock carries toward the next step, seconds.
    var simulatedNow: Double { picker.time + picker.clock.carriedTime }

    /// Advances the picker to `displayTimestamp` (display-clock seconds) and returns the frame
    /// to draw: the whole fixed steps due run (at most `physics.maxStepsPerAdvance`; the rest of
    /// a stall is dropped and the touch clock re-based), and the frame is interpolated at the
    /// leftover fraction. A timestamp that is not later than the last one runs nothing; one
    /// further behind it than a step budget (`maxStepsPerAdvance` steps) re-bases the display
    /// clock there instead, so a clock that jumped back, or a touch stamped on another clock,
    /// never freezes the picker; a non-finite timestamp is ignored.
    /// - Complexity: O(steps run × n + n).
    public mutating func frame(at displayTimestamp: Double) -> DisplayFrame {
        var stepsRun = 0
        if displayTimestamp.isFinite {
            if let last = displayTime {
                if displayTimestamp > last {
                    let before = picker.stepCount
                    interpolation = picker.advance(by: displayTimestamp - last)
                    stepsRun = picker.stepCount - before
                    displayTime = displayTimestamp
                    let drift = simulatedNow - (displayTimestamp + clockOffset)
                    if !(drift < 1e-6 && drift > -1e-6) { clockOffset = simulatedNow - displayTimestamp }  // steps were dropped
                } else if last - displayTimestamp > stepBudget {
                    rebase(to: displayTimestamp)  // the display clock is the authority for frames
                }
            } else {
                rebase(to: displayTimestamp)
            }
        }
        dropFocusIfGone()
        return DisplayFrame(frame: picker.frame(interpolation: interpolation), stepsRun: stepsRun,
                            interpolation: interpolation, needsDisplayLink: needsDisplayLink, focusedBubble: focusedBubble)
    }

    /// The velocity of bubble `id`, points per second (see `BubbleContainer.velocity(of:)`).
    /// - Complexity: O(1).
    public func velocity(of id: BubbleID) -> Vector2? { picker.velocity(of: id) }

    /// The frame on screen now (the last `frame(at:)`'s fraction, with changes made since).
    /// - Complexity: O(n).
    public var currentFrame: BubbleFrame { picker.frame(interpolation: interpolation) }

    /// Makes `timestamp` the display time the picker's simulated time stands for now.
    mutating func rebase(to timestamp: Double) {
        displayTime = timestamp
        clockOffset = simulatedNow - timestamp
    }

    /// The most display time one frame steps: `maxStepsPerAdvance` steps, seconds.
    var stepBudget: Double {
        let physics = picker.configuration.physics
        return Double(physics.maxStepsPerAdvance) * physics.timeStep
    }

    /// The clock offset (simulated minus touch seconds) for a pointer going down at `timestamp`.
    /// Skips an idle gap (the picker rests, so the link may have been stopped) or a stall one
    /// frame could not step by re-basing the display clock, so the touch maps to the simulated
    /// time now. A touch further behind the display clock than a step budget (another clock, or
    /// a stale event) gets an offset of its own and moves nothing; one far ahead re-bases, and
    /// the next frame, behind it, re-bases back (`frame(at:)`): time never jumps, never freezes.
    mutating func offset(forDownAt timestamp: Double) -> Double {
        guard let last = displayTime else {
            rebase(to: timestamp)
            return clockOffset
        }
        if timestamp > last && (!needsDisplayLink || timestamp - last > stepBudget) {
            rebase(to: timestamp)
        } else if last - timestamp > stepBudget {
            return simulatedNow - timestamp
        }
        return clockOffset
    }
}

extension BubblePickerDriver: Sendable where Content: Sendable {}

/// What `BubblePickerDriver.frame(at:)` returns: the frame to draw and what the display link
/// should do next.
public struct DisplayFrame: Hashable, Sendable {
    /// The frame to draw, interpolated at `interpolation`.
    public var frame: BubbleFrame
    /// Fixed steps this call ran.
    public var stepsRun: Int
    /// The fraction of a step between the last two states that `frame` shows, 0...1.
    public var interpolation: Double
    /// False when the picker rests: the display link may stop until the next input.
    public var needsDisplayLink: Bool
    /// The bubble with keyboard or accessibility focus (draw a focus ring around it), if any.
    public var focusedBubble: BubbleID?

    /// A display frame from its parts.
    public init(frame: BubbleFrame, stepsRun: Int, interpolation: Double, needsDisplayLink: Bool, focusedBubble: BubbleID?) {
        self.frame = frame
        self.stepsRun = stepsRun
        self.interpolation = interpolation
        self.needsDisplayLink = needsDisplayLink
        self.focusedBubble = focusedBubble
    }
}

/// A pointer the driver has passed to the picker: its clock offset and its last sample.
struct TouchRecord: Hashable, Sendable {
    var id: Int
    /// Simulated minus display seconds for this pointer's samples (the driver's offset at its down).
    var offset: Double
    var lastTimestamp: Double
    var lastTime: Double
    var lastPoint: Vector2
}
