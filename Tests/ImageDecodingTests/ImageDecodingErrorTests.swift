import Testing

@testable import ImageDecoding

@Suite("Image decoding error: one line per problem, naming the format")
struct ImageDecodingErrorTests {
    @Test(
        "each problem prints as it did for each format",
        arguments: [ImageFormat.gif, .jpeg, .png])
    func messages(format: ImageFormat) {
        let name = format.name
        let expected: [(ImageDecodingError.Problem, String)] = [
            (.wrongFormat(looksLike: .html), "not a \(name) image (looks like HTML)"),
            (.truncated("the file ends early"), "truncated \(name): the file ends early"),
            (
                .tooLarge(width: 20_000, height: 2002),
                "\(name) is 20000×2002 pixels, above the limit of 20000 pixels a side "
                    + "and 40 megapixels"
            ),
            (.unsupported("this kind"), "unsupported \(name): this kind"),
            (.corrupt("bad data"), "corrupt \(name): bad data"),
        ]
        for (problem, message) in expected {
            let error = ImageDecodingError(format, problem)
            #expect(error.description == message)
        }
    }

    @Test("a bad CRC names the chunk, its offset and both checksums")
    func badCRC() {
        let error = ImageDecodingError(
            .png, .badCRC(chunk: "IDAT", offset: 33, stored: 0x1234_ABCD, computed: 0xFF))
        #expect(
            error.description
                == "PNG chunk IDAT at byte 33 has a bad CRC (stored 0x1234abcd, computed 0x000000ff)"
        )
    }
}
