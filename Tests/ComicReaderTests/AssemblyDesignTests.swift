import Foundation
import Testing
import Wiring

@testable import ComicReader

/// How the demo's assemblies are meant to be copied: run-time inputs as plain graph values,
/// presenters as definitions, and a weak singleton for the shared HTTP client.
@Suite("Assembly design")
struct AssemblyDesignTests {
    /// A traced context started with `options`, and what its trace heard.
    func traced(_ options: AppOptions = AppOptions()) -> (DIContext, TraceRecorder) {
        let recorder = TraceRecorder()
        let context = DIContext(trace: recorder.hook)
        AppAssembly.instance(from: context).configure(options: options, environment: .fixed())
        return (context, recorder)
    }

    @Test func runTimeInputsAreValuesOfTheContextNotSubstitutions() {
        var options = AppOptions()
        options.json = true
        let (context, recorder) = traced(options)
        // No assembly is held here, yet the context keeps the inputs it was started with.
        #expect(OptionsAssembly.instance(from: context).options == options)
        #expect(OptionsAssembly.instance(from: context).environment == .fixed())
        #expect(RenderingAssembly.instance(from: context).printer.json)
        let inputs = recorder.all.filter { $0.definition.hasPrefix("OptionsAssembly.") }
        #expect(!inputs.isEmpty)
        #expect(inputs.allSatisfy { !$0.substituted && $0.scope == .lazySingleton })
    }

    @Test func imagePresentersAreKeyedDefinitions() {
        let (context, recorder) = traced()
        let rendering = RenderingAssembly.instance(from: context)
        #expect(rendering.imagePresenter(maxRows: 7).maxRows == 7)
        #expect(rendering.imagePresenter(maxRows: 9).maxRows == 9)
        let keys = Set(recorder.all.map(\.definition))
        #expect(keys.contains("RenderingAssembly.imagePresenter(maxRows: 7)"))
        #expect(keys.contains("RenderingAssembly.imagePresenter(maxRows: 9)"))
    }

    @Test func theReaderPresenterIsADefinitionOfTheRenderingAssembly() {
        let (context, recorder) = traced()
        _ = ReaderModuleAssembly.instance(from: context).pictureMaker
        let presenters = recorder.all.filter {
            $0.definition.hasPrefix("RenderingAssembly.imagePresenter(")
        }
        #expect(presenters.map(\.parent) == ["ReaderModuleAssembly.pictureMaker"])
    }

    @Test func theComicSourceIsSharedOnlyWhileHeld() {
        let (context, _) = traced()
        let network = NetworkAssembly.instance(from: context)
        weak var released: AnyObject?
        do {
            let held = network.comicSource as AnyObject
            #expect(network.comicSource as AnyObject === held)
            released = held
        }
        #expect(released == nil)
    }
}
