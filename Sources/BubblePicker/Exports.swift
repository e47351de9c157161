// The geometry vocabulary (`Vector2`, `Size`, `Rect`, `Borders`) comes with this module:
// `import BubblePicker` is enough to drive a picker.
@_exported import BubbleGeometry
