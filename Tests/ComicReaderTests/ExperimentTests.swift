import Foundation
import Testing
import Wiring

@testable import ComicReader

@Suite("A/B experiments")
struct ExperimentTests {
    let registry = ExperimentRegistry.standard

    /// A context configured with `assignments` (an empty environment, no flags otherwise).
    func context(_ assignments: [String]) throws -> DIContext {
        let context = DIContext()
        var options = AppOptions()
        options.experiments = try registry.selection(
            applying: assignments, over: registry.defaults, origin: "--ab")
        AppAssembly.instance(from: context).configure(options: options, environment: .fixed())
        return context
    }

    @Test func registryListsEachExperimentWithItsDefaultFirst() {
        #expect(registry.experiments.map(\.name) == ["layout", "random"])
        #expect(registry.experiment(named: "layout")?.variants.map(\.name) == ["classic", "card"])
        #expect(
            registry.experiment(named: "random")?.variants.map(\.name) == [
                "uniform", "unread-first",
            ])
        #expect(registry.defaults.variants == ["layout": "classic", "random": "uniform"])
        #expect(
            registry.experiments.allSatisfy {
                !$0.summary.isEmpty && $0.variants.allSatisfy { !$0.summary.isEmpty }
            })
    }

    @Test func selectionParsingAcceptsKnownVariantsAndRejectsOthers() throws {
        let selection = try registry.selection(
            applying: ["layout=card", " random = unread-first "],
            over: registry.defaults, origin: "--ab")
        #expect(selection.variants == ["layout": "card", "random": "unread-first"])
        #expect(selection.description == "layout=card, random=unread-first")
        #expect(
            throws: ExperimentAssignmentError.unknownExperiment(
                "size", origin: "--ab", known: registry.experimentList)
        ) {
            try registry.selection(applying: ["size=big"], over: registry.defaults, origin: "--ab")
        }
        #expect(
            throws: ExperimentAssignmentError.unknownVariant(
                "grid", experiment: "layout", origin: "COMICS_AB",
                known: "classic|card")
        ) {
            try registry.selection(
                applying: ["layout=grid"], over: registry.defaults, origin: "COMICS_AB")
        }
    }

    @Test func defaultsUseTheMainAssembliesObjects() throws {
        let context = try context([])
        #expect(RenderingAssembly.instance(from: context).renderer is ClassicRenderer)
        #expect(ModelAssembly.instance(from: context).randomPicker is UniformRandomPicker)
    }

    @Test func layoutCardSubstitutesTheCardRenderer() throws {
        let context = try context(["layout=card"])
        let renderer = RenderingAssembly.instance(from: context).renderer
        #expect(renderer is CardRenderer)
        // The printer commands use holds the card renderer too, and it really draws a card.
        let printer = RenderingAssembly.instance(from: context).printer
        #expect(printer.renderer is CardRenderer)
        let comic = SampleComics.all.first { $0.num == 400 }!
        let text = printer.renderer.render(comic, context: RenderContext(width: 60))
        #expect(text.hasPrefix("╭"))
        #expect(text.split(separator: "\n").last?.hasPrefix("╰") == true)
    }

    @Test func aContextWithEveryVariantActiveIsFreedWhenDropped() throws {
        weak var weakContext: DIContext?
        weak var weakVariant: CardLayoutAssembly?
        do {
            let context = try context(["layout=card", "random=unread-first"])
            #expect(RenderingAssembly.instance(from: context).renderer is CardRenderer)
            #expect(ModelAssembly.instance(from: context).randomPicker is UnreadFirstRandomPicker)
            weakContext = context
            weakVariant = CardLayoutAssembly.instance(from: context)
        }
        #expect(weakVariant == nil)
        #expect(weakContext == nil)
    }

    @Test func randomUnreadFirstSubstitutesThePicker() throws {
        let context = try context(["random=unread-first"])
        #expect(ModelAssembly.instance(from: context).randomPicker is UnreadFirstRandomPicker)
        #expect(RenderingAssembly.instance(from: context).renderer is ClassicRenderer)
    }

    @Test func switchingOffRestoresTheOriginal() {
        let context = DIContext()
        let rendering = RenderingAssembly.instance(from: context)
        CardLayoutAssembly.instance(from: context).activate(true)
        #expect(rendering.renderer is CardRenderer)
        CardLayoutAssembly.instance(from: context).activate(false)
        #expect(rendering.renderer is ClassicRenderer)
    }

    @Test func contextsDoNotShareVariants() throws {
        let card = try context(["layout=card"])
        let classic = try context([])
        #expect(RenderingAssembly.instance(from: card).renderer is CardRenderer)
        #expect(RenderingAssembly.instance(from: classic).renderer is ClassicRenderer)
    }

    @Test func showWithCardLayoutPrintsACard() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["--ab", "layout=card", "show", "400"]) == 0)
            let lines = harness.console.output.split(separator: "\n")
            #expect(lines.first?.hasPrefix("╭") == true)
            #expect(lines.first?.contains("#400  Four\u{A0}Hundred") == true)
            #expect(
                lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("│") && $0.hasSuffix("│") })
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["show", "400"]) == 0)
            #expect(harness.console.output.hasPrefix("#400  Four\u{A0}Hundred\n"))
        }
    }

    @Test func unreadFirstRandomPicksOnlyUnreadComics() async throws {
        try await withHarness { harness async throws in
            let unread: Set = [400, 417]
            var state = UserState()
            state.read = Set(SampleComics.all.map(\.num)).subtracting(unread)
            try harness.save(state)
            var picked: [Int] = []
            for seed in [3, 4] as [UInt64] {
                harness.seed = seed
                #expect(
                    await harness.run(["--ab", "random=unread-first", "--json", "random"]) == 0)
                picked.append(try harness.savedState().lastShown ?? -1)
            }
            // Each pick is then marked read, so two picks take exactly the two unread comics.
            #expect(Set(picked) == unread)
        }
    }

    @Test func uniformRandomAlsoPicksReadComics() async throws {
        try await withHarness { harness async throws in
            var state = UserState()
            state.read = Set(SampleComics.all.map(\.num)).subtracting([400, 417])
            try harness.save(state)
            var picked: Set<Int> = []
            for seed in 1...8 as ClosedRange<UInt64> {
                harness.seed = seed
                #expect(await harness.run(["random"]) == 0)
                picked.insert(try harness.savedState().lastShown ?? -1)
            }
            #expect(!picked.isSubset(of: [400, 417]))
        }
    }

    @Test func experimentsCommandListsVariantsAndActiveOnes() async throws {
        try await withHarness { harness async throws in
            harness.variables = ["COMICS_AB": "random=unread-first"]
            #expect(await harness.run(["experiments", "--ab", "layout=card"]) == 0)
            let output = harness.console.output
            #expect(output.contains("layout: "))
            #expect(output.contains("random: "))
            #expect(output.contains("  * card "))
            #expect(output.contains("    classic "))
            #expect(output.contains("  * unread-first "))
            #expect(output.contains("active: layout=card, random=unread-first"))
            #expect(output.contains("(default)"))
        }
    }
}
