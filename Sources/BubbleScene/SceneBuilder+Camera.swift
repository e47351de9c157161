import BubblePicker

/// The camera: a closed container is shown whole with a margin; along an open axis the view keeps
/// the container's extent but follows the bubbles (their mean centre, or the attraction point
/// when there are none), moving smoothly from frame to frame.
extension SceneBuilder {
    /// The view box for `frame`, updating the camera.
    mutating func moveCamera(for frame: BubbleFrame) -> Rect {
        let margin = theme.margin
        let container = frame.container
        let fixed = Rect(x: container.minX - margin, y: container.minY - margin,
                         width: max(1, container.width + 2 * margin), height: max(1, container.height + 2 * margin))
        let openX = !frame.solidBorders.isSuperset(of: .horizontal)
        let openY = !frame.solidBorders.isSuperset(of: .vertical)
        guard openX || openY else {
            cameraCenter = nil
            return fixed
        }
        let target = cameraTarget(frame)
        var center = target
        if let previous = cameraCenter, let last = lastStep, frame.step > last {
            center = previous + (target - previous) * theme.cameraSmoothing
        }
        cameraCenter = center
        return Rect(x: openX ? center.x - fixed.width / 2 : fixed.minX, y: openY ? center.y - fixed.height / 2 : fixed.minY,
                    width: fixed.width, height: fixed.height)
    }

    /// Where the camera heads: the mean centre of the visible bubbles, else the attraction point.
    func cameraTarget(_ frame: BubbleFrame) -> Vector2 {
        var sum = Vector2.zero, count = 0.0
        for bubble in frame.bubbles where bubble.drawnDiameter > 0 && bubble.center.isFinite {
            sum += bubble.center
            count += 1
        }
        return count > 0 ? sum / count : frame.anchorPoint
    }
}
