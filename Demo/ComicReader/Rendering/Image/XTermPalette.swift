import ImageDecoding

/// The xterm 256-colour palette: a 6×6×6 colour cube (16…231) and a 24-step grey ramp (232…255).
enum XTermPalette {
    /// Channel values of the six cube levels.
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The palette index (16…255) closest to `color`; the 16 system colours are skipped because
    /// terminals theme them freely.
    static func nearestIndex(to color: RGBAPixel) -> Int {
        let r = Int(color.r)
        let g = Int(color.g)
        let b = Int(color.b)
        let (ri, gi, bi) = (cubeStep(r), cubeStep(g), cubeStep(b))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let greyStep = min(23, max(0, ((r + g + b) / 3 - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        let cubeDistance = square(r - cube.0) + square(g - cube.1) + square(b - cube.2)
        let greyDistance = square(r - grey) + square(g - grey) + square(b - grey)
        return greyDistance < cubeDistance ? 232 + greyStep : 16 + 36 * ri + 6 * gi + bi
    }

    /// Index 0…5 of the cube level nearest to a channel value.
    private static func cubeStep(_ value: Int) -> Int {
        value < 48 ? 0 : value < 115 ? 1 : min(5, (value - 35) / 40)
    }

    private static func square(_ x: Int) -> Int { x * x }
}
