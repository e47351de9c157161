import BubbleGeometry
import BubblePhysics
import BubblePicker

/// The one command path: every mutating call is a `PlaygroundCommand` applied here.
extension PlaygroundSession {
    /// Performs a command (journaled first while recording, so a refused command replays as
    /// refused). Returns the command's number: the identity for an add (-1 when nothing was
    /// added), a count for the many-bubble calls, 1/0 for the yes/no calls, the steps run for
    /// `frame`, the fraction for `advance`, the focused identity (-1: none) for focus calls.
    /// - Throws: `.invalidArgument`, `.invalidSetting`, `.container` or `.snapshot`; nothing changes then.
    @discardableResult
    public mutating func perform(_ command: PlaygroundCommand) throws(PlaygroundError) -> Double {
        record(command)
        lastFrameIsCurrent = false
        if let result = try applyContent(command) { return result }
        if let result = applySelection(command) { return result }
        if let result = applyInput(command) { return result }
        return try applyOther(command)
    }

    private mutating func applyContent(_ command: PlaygroundCommand) throws(PlaygroundError) -> Double? {
        switch command {
        case .add(let kind, let selected, let atCenter):
            return Double(addCatalogue(kind, selected: selected, atCenter: atCenter).rawValue)
        case .addMany(let count, let kind):
            let count = max(0, min(count, 100_000))
            for _ in 0..<count { addCatalogue(kind, selected: false, atCenter: false) }
            return Double(count)
        case .addBubble(let spec): return try addSpec(spec)
        case .addRandom(let count, let seed, let minSize, let maxSize):
            return try addRandom(count: count, seed: seed, sizes: minSize, maxSize)
        case .update(let id, let update): return try applyUpdate(id, update)
        case .remove(let id): return driver.picker.remove(id) ? 1 : 0
        case .removeTag(let tag): return Double(driver.picker.remove(tag: tag))
        case .removeAt(let point, _):
            driver.picker.pointerCancel()
            guard let bubble = picker.bubble(at: point) else { return -1 }
            return driver.picker.remove(bubble.id) ? Double(bubble.id.rawValue) : -1
        default: return nil
        }
    }

    private mutating func applySelection(_ command: PlaygroundCommand) -> Double? {
        switch command {
        case .select(let id): return driver.picker.select(id) ? 1 : 0
        case .deselect(let id): return driver.picker.deselect(id) ? 1 : 0
        case .toggle(let id): return driver.picker.toggle(id) ? 1 : 0
        case .selectTag(let tag): return Double(driver.picker.select(tag: tag))
        case .selectAll: return Double(driver.picker.selectAll())
        case .deselectAll: return Double(driver.picker.deselectAll())
        case .focus(let id): _ = driver.focus(id); return Double(driver.focusedBubble?.rawValue ?? -1)
        case .moveFocus(let direction): return Double(driver.moveFocus(direction)?.rawValue ?? -1)
        case .activateFocused: return driver.activateFocused() ? 1 : 0
        case .removeFocused: return driver.removeFocused() ? 1 : 0
        case .removeSelected: return Double(driver.picker.remove { $0.isSelected })
        default: return nil
        }
    }

    private mutating func applyInput(_ command: PlaygroundCommand) -> Double? {
        switch command {
        case .pointerDown(let point, let time): driver.picker.pointerDown(at: point, time: time)
        case .pointerMove(let point, let time): driver.picker.pointerMove(at: point, time: time)
        case .pointerUp(let point, let time): driver.picker.pointerUp(at: point, time: time)
        case .pointerCancel: driver.pointerCancel()
        case .touch(.down, let id, let point, let stamp): driver.pointerDown(id: id, at: point, timestamp: stamp)
        case .touch(.move, let id, let point, let stamp): driver.pointerMove(id: id, at: point, timestamp: stamp)
        case .touch(.up, let id, let point, let stamp): driver.pointerUp(id: id, at: point, timestamp: stamp)
        case .touchCancel(let id): driver.pointerCancel(id: id)
        case .frame(let stamp):
            let frame = driver.frame(at: stamp)
            lastFrame = frame
            lastFrameIsCurrent = true
            fraction = frame.interpolation
            lastAdvanceSteps = frame.stepsRun
            return Double(frame.stepsRun)
        case .advance(let seconds):
            let before = picker.stepCount
            fraction = driver.picker.advance(by: seconds)
            lastAdvanceSteps = picker.stepCount - before
            return fraction
        case .step:
            driver.picker.step()
            fraction = 1
            lastAdvanceSteps = 1
        case .scroll(let delta):
            // Taken when the view moved by half the delta (or half a point): at the end of the
            // range a clamp that follows bubbles still settling moves it by slivers, and the page
            // should scroll then.
            let before = driver.picker.scrollOffset
            driver.picker.scroll(by: delta)
            let moved = (driver.picker.scrollOffset - before).length, half = delta.magnitude * 0.5
            return moved > 0 && moved >= (half < 0.5 ? half : 0.5) ? 1 : 0
        default: return nil
        }
        return 1
    }

    private mutating func applyOther(_ command: PlaygroundCommand) throws(PlaygroundError) -> Double {
        switch command {
        case .resize(let size):
            do { try driver.picker.resize(to: size) } catch { throw .container(error) }
        case .set(let setting, let value):
            guard let configuration = setting.setting(value, in: picker.configuration) else { throw .invalidSetting(setting.rawValue, value) }
            do { try driver.picker.setConfiguration(configuration) } catch { throw .container(error) }
        case .restore(let text):
            try restoreSnapshot(text)
        default:
            break
        }
        return 1
    }
}
