// The geometry vocabulary (`Vector2`, `Size`, `Rect`, `Borders`) and the value-range types come
// with this module: `import BubblePhysics` is enough to build a world.
@_exported import BubbleGeometry
