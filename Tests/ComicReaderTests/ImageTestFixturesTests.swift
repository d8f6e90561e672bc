import Foundation
import Testing

@Suite("Image test fixtures")
struct ImageTestFixturesTests {
    @Test func everyFileTheIndexNamesIsThere() {
        #expect(ImageTestFixtures.problems == [])
        #expect(ImageTestFixtures.zlibStreams.count == 7)
        #expect(ImageTestFixtures.pngFiles.count == 23)
        for special in [
            ImageTestFixtures.hugeHeader, ImageTestFixtures.zlibBomb, ImageTestFixtures.rgb2x2,
        ] {
            #expect(special.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test func eachPictureHasFourBytesOfPixelsPerPixel() {
        for file in ImageTestFixtures.pngFiles {
            #expect(file.rgba.count == file.width * file.height * 4, "\(file.name)")
            #expect(file.png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(file.name)")
        }
    }
}
