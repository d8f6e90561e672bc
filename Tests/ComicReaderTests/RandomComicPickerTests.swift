import Testing

@testable import ComicReader

@Suite struct RandomComicPickerTests {
    let catalog = ComicCatalog(SampleComics.all)

    /// `count` picks by `picker` with a generator seeded by `seed`.
    func picks(
        _ picker: some RandomComicPicker, state: UserState = UserState(), seed: UInt64, count: Int
    ) -> [Int?] {
        var generator = SeededGenerator(state: seed)
        return (0..<count).map { _ in
            picker.pick(from: catalog, state: state, using: &generator)?.num
        }
    }

    @Test func uniformPicksOnlyExistingComicsAndReachesThemAll() {
        let numbers = picks(UniformRandomPicker(), seed: 42, count: 2000)
        #expect(!numbers.contains(404))
        #expect(Set(numbers) == Set(catalog.comics.map(\.num)))
    }

    @Test func sameSeedGivesTheSameChoices() {
        #expect(
            picks(UniformRandomPicker(), seed: 7, count: 50)
                == picks(UniformRandomPicker(), seed: 7, count: 50))
        #expect(
            picks(UniformRandomPicker(), seed: 7, count: 50)
                != picks(UniformRandomPicker(), seed: 8, count: 50))
    }

    @Test func unreadFirstPicksOnlyUnreadComicsWhileThereAreAny() {
        var state = UserState()
        state.read = Set(catalog.comics.map(\.num)).subtracting([400, 417, 441])
        let numbers = picks(UnreadFirstRandomPicker(), state: state, seed: 1, count: 300)
        #expect(Set(numbers) == [400, 417, 441])
    }

    @Test func unreadFirstFallsBackToAllComicsWhenEverythingIsRead() {
        var state = UserState()
        state.read = Set(catalog.comics.map(\.num)).union([404, 9999])
        let numbers = picks(UnreadFirstRandomPicker(), state: state, seed: 3, count: 2000)
        #expect(!numbers.contains(404) && !numbers.contains(nil))
        #expect(Set(numbers) == Set(catalog.comics.map(\.num)))
    }

    @Test func readNumbersOutsideTheCatalogDoNotCountAsUnread() {
        var state = UserState()
        state.read = [404, 5000]  // none of these exist, so every real comic is still unread
        let numbers = picks(UnreadFirstRandomPicker(), state: state, seed: 9, count: 500)
        #expect(!numbers.contains(404) && !numbers.contains(5000))
    }

    @Test func emptyCatalogPicksNothing() {
        var generator = SeededGenerator(state: 1)
        #expect(
            UniformRandomPicker().pick(
                from: ComicCatalog([]), state: UserState(), using: &generator) == nil)
        #expect(
            UnreadFirstRandomPicker().pick(
                from: ComicCatalog([]), state: UserState(), using: &generator) == nil)
    }

    @Test func systemGeneratorConvenienceNeverPicksAGap() {
        let gappy = ComicCatalog([1, 2, 3, 5].map { Comic(num: $0, title: "#\($0)") })
        for _ in 0..<200 {
            #expect(UniformRandomPicker().pick(from: gappy, state: UserState())?.num != 4)
        }
    }
}
