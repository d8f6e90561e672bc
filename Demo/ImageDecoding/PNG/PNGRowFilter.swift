/// Undoes PNG's per-row prediction filters (None, Sub, Up, Average, Paeth), in place.
enum PNGRowFilter {
    /// Unfilters `rows` rows laid out as one filter-type byte followed by `rowBytes` bytes each.
    /// `stride` is the number of bytes per complete pixel (at least 1). `pass` names the Adam7
    /// pass in error messages (nil for non-interlaced images).
    static func unfilter(
        _ data: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int, stride: Int, pass: Int? = nil
    ) throws {
        guard rows > 0, rowBytes > 0 else { return }
        // Row 0 is filtered against an imaginary row of zeros.
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        defer { zeros.deallocate() }
        zeros.initialize(repeating: 0, count: rowBytes)
        var previous = UnsafePointer(zeros)
        for y in 0..<rows {
            let filterByte = data + y * (rowBytes + 1)
            let row = filterByte + 1
            switch filterByte.pointee {
            case 0:
                break
            case 1:
                for i in stride..<max(stride, rowBytes) { row[i] &+= row[i - stride] }
            case 2:
                for i in 0..<rowBytes { row[i] &+= previous[i] }
            case 3:
                for i in 0..<min(stride, rowBytes) { row[i] &+= previous[i] >> 1 }
                for i in stride..<max(stride, rowBytes) {
                    row[i] &+= UInt8(
                        truncatingIfNeeded: (Int(row[i - stride]) + Int(previous[i])) >> 1)
                }
            case 4:
                for i in 0..<min(stride, rowBytes) { row[i] &+= previous[i] }
                for i in stride..<max(stride, rowBytes) {
                    row[i] &+= paeth(
                        left: row[i - stride], up: previous[i], upLeft: previous[i - stride])
                }
            default:
                let passNote = pass.map { " of interlace pass \($0)" } ?? ""
                throw ImageDecodingError(
                    .png,
                    .corrupt(
                        "row \(y)\(passNote) has unknown filter type \(filterByte.pointee)"))
            }
            previous = UnsafePointer(row)
        }
    }

    /// The Paeth predictor: whichever neighbour is closest to `left + up - upLeft`.
    @inline(__always)
    private static func paeth(left: UInt8, up: UInt8, upLeft: UInt8) -> UInt8 {
        let a = Int(left)
        let b = Int(up)
        let c = Int(upLeft)
        let pa = abs(b - c)
        let pb = abs(a - c)
        let pc = abs(a + b - 2 * c)
        if pa <= pb && pa <= pc { return left }
        return pb <= pc ? up : upLeft
    }
}
