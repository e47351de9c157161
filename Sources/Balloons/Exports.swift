// The geometry vocabulary (`Vector2`, `Size`, `Rect`) comes with this module: `import Balloons`
// is enough to build and place a balloon.
@_exported import BubbleGeometry
