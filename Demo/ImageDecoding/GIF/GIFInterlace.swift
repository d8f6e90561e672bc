/// The row order of an interlaced GIF image: every 8th row from row 0, then every 8th from row
/// 4, every 4th from row 2, and every 2nd from row 1.
enum GIFInterlace {
    /// For each row as stored, the row of the image it belongs to.
    static func rowOrder(height: Int) -> [Int] {
        let passes: [(first: Int, step: Int)] = [(0, 8), (4, 8), (2, 4), (1, 2)]
        return passes.flatMap { pass in Array(stride(from: pass.first, to: height, by: pass.step)) }
    }
}
