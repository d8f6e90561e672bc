import Dispatch
import Foundation
import Testing
import Wiring

// Each test below checks, with Wiring, one behaviour that EasyDi 1.6.1's own test suite checks;
// its doc comment names the EasyDi test. The fixtures are this file's own.

/// Counts how many objects of one kind were made.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    var count: Int { lock.withLock { total } }
    func add() { lock.withLock { total += 1 } }
}

// MARK: Contexts

private final class PlainAssembly: Assembly {}
private final class DefaultOnlyAssembly: Assembly {}

// MARK: Cross-assembly injections: a house and its rooms, in two assemblies

private final class House {
    var room: Room?
    var rooms: [Room] = []
}

private final class Room {
    weak var house: House?
}

/// The house is defined in `houseScope`, set on the assembly object before the first read.
private final class HouseAssembly: Assembly {
    lazy var rooms: RoomAssembly = self.context.assembly()
    var houseScope = Scope.objectGraph

    var house: House {
        return define(scope: houseScope, init: House()) {
            $0.room = self.rooms.room
            $0.rooms = [self.rooms.room, self.rooms.spareRoom, self.rooms.spareRoom]
            return $0
        }
    }
}

private final class RoomAssembly: Assembly {
    var houses: HouseAssembly {
        return HouseAssembly.instance(from: self.context)
    }

    var room: Room {
        return define(init: Room()) {
            $0.house = self.houses.house
            return $0
        }
    }

    var spareRoom: Room {
        return define(scope: .prototype, init: Room()) {
            $0.house = self.houses.house
            return $0
        }
    }
}

// MARK: An initialiser that returns an implicitly unwrapped optional

private final class Lantern {
    let origin: String

    private init(origin: String) {
        self.origin = origin
    }

    static func lit() -> Lantern! {
        return Lantern(origin: "factory")
    }
}

private final class LanternAssembly: Assembly {
    var lantern: Lantern {
        return define(init: Lantern.lit()) {
            return $0
        }
    }
}

// MARK: Injections

private final class Gadget {
    var level = 0
    var label = ""
    var tags: [String] = []
    weak var itself: Gadget?
}

private final class GadgetAssembly: Assembly {
    var gadget: Gadget {
        return define(init: Gadget()) {
            $0.level = 7
            $0.label = "gadget"
            $0.tags = ["x", "y"]
            return $0
        }
    }

    /// EasyDi's way to inject into an object made elsewhere: a `define` whose result is dropped.
    func configure(_ gadget: Gadget) {
        let _: Gadget = define(init: gadget) {
            $0.level = 8
            $0.label = "configured"
            $0.tags = ["z"]
            return $0
        }
    }

    /// Injects under a key that a placeholder of the same graph reads back.
    func inject(into gadget: Gadget) {
        defineInjection(key: "placed", into: gadget) {
            $0.level = 9
            $0.label = "placed"
            $0.tags = ["p", "q", "r"]
            $0.itself = self.placed
            return $0
        }
    }

    var placed: Gadget {
        return definePlaceholder()
    }
}

// MARK: Substitutions

private protocol Gauge: AnyObject {
    var reading: Int { get }
    var dial: Dial? { get }
}

private final class Dial {
    weak var gauge: Gauge?
}

private final class AnalogGauge: Gauge {
    var reading = 0
    var dial: Dial?
}

private final class DigitalGauge: Gauge {
    var reading = 0
    var dial: Dial?
}

private final class GaugeAssembly: Assembly {
    var gauge: Gauge {
        return define(init: AnalogGauge()) {
            $0.reading = 10
            $0.dial = self.dial
            return $0
        }
    }

    var calibration: Int {
        return define(init: Int(20))
    }

    var dial: Dial {
        return define(init: Dial()) {
            $0.gauge = self.gauge
            return $0
        }
    }
}

// MARK: Protocol-typed definitions

private protocol Meter {
    var reading: Int { get }
}

private final class WaterMeter: Meter {
    var reading = 0
}

private final class MeterAssembly: Assembly {
    var meter: Meter {
        return define(init: WaterMeter()) {
            $0.reading = 42
            return $0
        }
    }
}

// MARK: Scopes

private final class Beacon {
    var injected = false

    init(_ tally: Tally) {
        tally.add()
    }
}

private final class BeaconAssembly: Assembly {
    let tally = Tally()

    var beacon: Beacon {
        return define(scope: .lazySingleton, init: Beacon(tally)) {
            $0.injected = true
            return $0
        }
    }

    var weakBeacon: Beacon {
        return define(scope: .weakSingleton, init: Beacon(tally)) {
            $0.injected = true
            return $0
        }
    }
}

private final class Elder {
    var junior: Junior?

    init(_ tally: Tally) {
        tally.add()
    }
}

private final class Junior {
    weak var elder: Elder?
}

private final class FamilyAssembly: Assembly {
    let tally = Tally()

    var elder: Elder {
        return define(init: Elder(tally)) {
            $0.junior = self.junior
            return $0
        }
    }

    var junior: Junior {
        return define(init: Junior()) {
            $0.elder = self.elder
            return $0
        }
    }
}

private final class Blueprint {
    var sketch: Sketch?

    init(_ tally: Tally) {
        tally.add()
    }
}

private final class Sketch {
    var blueprint: Blueprint?
}

private final class BlueprintAssembly: Assembly {
    let tally = Tally()

    var blueprint: Blueprint {
        return define(scope: .prototype, init: Blueprint(tally)) {
            $0.sketch = self.sketch
            return $0
        }
    }

    var sketch: Sketch {
        return define(init: Sketch()) {
            $0.blueprint = self.blueprint
            return $0
        }
    }
}

// MARK: Structs

private protocol Note {
    var number: Int? { get }
    var text: String? { get }
}

private struct StickyNote: Note {
    var number: Int?
    var text: String?
}

private protocol Tile {
    var neighbour: Tile? { get }
}

private struct RedTile: Tile {
    var neighbour: Tile?
}

private struct BlueTile: Tile {
    var neighbour: Tile?
}

private final class StructAssembly: Assembly {
    var note: Note {
        return define(init: StickyNote()) {
            var note = $0
            note.number = 5
            note.text = "sticky"
            return note
        }
    }

    var red: Tile {
        return define(init: RedTile()) {
            var tile = $0
            tile.neighbour = self.blue
            return tile
        }
    }

    var blue: Tile {
        return define(init: BlueTile()) {
            var tile = $0
            tile.neighbour = self.red
            return tile
        }
    }
}

// MARK: Thread safety

private protocol Ledger {
    var entries: [String] { get }
}

private final class PaperLedger: Ledger {
    var entries = [String](repeating: "", count: 200)
}

private final class LedgerAssembly: Assembly {
    var ledger: Ledger {
        return define(init: PaperLedger()) {
            for index in 0..<$0.entries.count {
                $0.entries[index] = self.entry(at: index)
            }
            return $0
        }
    }

    /// Many keyed definitions per read, so that threads resolve in one context at once.
    private func entry(at index: Int) -> String {
        return define(key: "entry_\(index)", init: "entry-\(index)")
    }
}

@Suite("EasyDi 1.6.1's test suite, checked with Wiring")
struct EasyDiSuiteTests {
    // MARK: Contexts

    /// EasyDi: Test_Context.testDefaultContext. The default context is the process's shared
    /// one (an assembly type of this test only, so no other test's state is involved).
    @Test("instance() twice gives the default context's one assembly")
    func defaultContextSharesAssembly() {
        let first = DefaultOnlyAssembly.instance()
        let second = DefaultOnlyAssembly.instance()
        #expect(first === second)
    }

    /// EasyDi: Test_Context.testSameContext.
    @Test("instance(from:) twice with one context gives one assembly")
    func sameContextSharesAssembly() {
        let context = DIContext()
        let first = PlainAssembly.instance(from: context)
        let second = PlainAssembly.instance(from: context)
        #expect(first === second)
    }

    /// EasyDi: Test_Context.testDifferentContexts.
    @Test("the default context and a new context give different assemblies")
    func differentContextsGiveDifferentAssemblies() {
        let fromDefault = PlainAssembly.instance()
        let fromNew = PlainAssembly.instance(from: DIContext())
        #expect(fromDefault !== fromNew)
        #expect(fromDefault.context !== fromNew.context)
    }

    // MARK: Cross-assembly injections

    /// The parent scopes of EasyDi's three cross-assembly test cases: Test_CrossAssemblyInjections
    /// (objectGraph), Test_CrossAssemblyInjections_SingletonCycle (lazySingleton) and
    /// Test_CrossAssemblyInjections_WeakSingletonCycle (weakSingleton).
    static let parentScopes: [Assembly.Scope] = [.objectGraph, .lazySingleton, .weakSingleton]

    /// A house in `scope`, read from a new context, with the assembly that made it. The scope
    /// is a property of that assembly object, so a test holds it for as long as it reads.
    private static func house(in scope: Assembly.Scope) -> (House, HouseAssembly) {
        let houses = HouseAssembly.instance(from: DIContext())
        houses.houseScope = scope
        return (houses.house, houses)
    }

    /// EasyDi: Test_CrossAssemblyInjections.testChildObjectIsCreates,
    /// Test_CrossAssemblyInjections_SingletonCycle.testChildObjectIsCreates and
    /// Test_CrossAssemblyInjections_WeakSingletonCycle.testChildObjectIsCreates.
    @Test("parent across assemblies: the child is made", arguments: parentScopes)
    func parentGetsChild(scope: Assembly.Scope) {
        let (house, _) = Self.house(in: scope)
        #expect(house.room != nil)
    }

    /// EasyDi: Test_CrossAssemblyInjections.testParentObjectAssignedAndValud,
    /// Test_CrossAssemblyInjections_SingletonCycle.testParentObjectAssignedAndValud and
    /// Test_CrossAssemblyInjections_WeakSingletonCycle.testParentObjectAssignedAndValud.
    @Test("parent across assemblies: the child's parent is that parent", arguments: parentScopes)
    func childPointsBack(scope: Assembly.Scope) {
        let (house, houses) = Self.house(in: scope)
        #expect(house.room?.house != nil)
        #expect(house.room?.house === house)
        if scope != .objectGraph {
            // A singleton parent is the same object when read again.
            #expect(HouseAssembly.instance(from: houses.context).house === house)
        }
    }

    /// EasyDi: Test_CrossAssemblyInjections.testChildNotRecreated,
    /// Test_CrossAssemblyInjections_SingletonCycle.testChildNotRecreated and
    /// Test_CrossAssemblyInjections_WeakSingletonCycle.testChildNotRecreated.
    @Test(
        "parent across assemblies: an objectGraph child read twice is one object",
        arguments: parentScopes)
    func childMadeOnce(scope: Assembly.Scope) {
        let (house, _) = Self.house(in: scope)
        #expect(house.room != nil)
        #expect(house.room === house.rooms.first)
        if scope == .objectGraph {
            #expect(house.rooms[1] !== house.rooms[2])
        }
    }

    /// EasyDi: Test_CrossAssemblyInjections.testParentIsSameForAllChildren,
    /// Test_CrossAssemblyInjections_SingletonCycle.testParentIsSameForAllChildren and
    /// Test_CrossAssemblyInjections_WeakSingletonCycle.testParentIsSameForAllChildren.
    @Test(
        "parent across assemblies: every child, prototypes too, has that parent",
        arguments: parentScopes)
    func childrenShareParent(scope: Assembly.Scope) {
        let (house, _) = Self.house(in: scope)
        #expect(house.rooms.count == 3)
        for room in house.rooms {
            #expect(room.house === house)
        }
    }

    // MARK: Implicitly unwrapped optionals

    /// EasyDi: Test_ImplicitlyUnwrappedOptional.testClassInitializator.
    @Test("init: may call a factory that returns an implicitly unwrapped optional")
    func implicitlyUnwrappedFactory() {
        let lantern = LanternAssembly.instance(from: DIContext()).lantern
        #expect(lantern.origin == "factory")
    }

    // MARK: Injections

    /// EasyDi: Test_Injection.testInitWithInjection.
    @Test("inject: sets values of every kind on the new object")
    func injectSetsValues() {
        let gadget = GadgetAssembly.instance(from: DIContext()).gadget
        #expect(gadget.level == 7)
        #expect(gadget.label == "gadget")
        #expect(gadget.tags == ["x", "y"])
    }

    /// EasyDi: Test_Injection.testInjectionInExistingObject.
    @Test("define(init:) with an existing object injects into that object")
    func injectIntoExistingObject() {
        let gadget = Gadget()
        GadgetAssembly.instance(from: DIContext()).configure(gadget)
        #expect(gadget.level == 8)
        #expect(gadget.label == "configured")
        #expect(gadget.tags == ["z"])
    }

    /// EasyDi: Test_Injection.testReinjectionWithKey.
    @Test("defineInjection(key:) makes the object the placeholder of that key in its graph")
    func injectionUnderKeyFeedsPlaceholder() {
        let gadget = Gadget()
        GadgetAssembly.instance(from: DIContext()).inject(into: gadget)
        #expect(gadget.level == 9)
        #expect(gadget.label == "placed")
        #expect(gadget.tags == ["p", "q", "r"])
        #expect(gadget.itself === gadget)
    }

    // MARK: Substitutions

    /// EasyDi: Test_Substitutions.testSubstitutionWithSimpleObject (file Test_Patches.swift).
    @Test("a substitution by name replaces the definition until it is removed")
    func substitutionByNameAndRemoval() {
        let gauges = GaugeAssembly.instance(from: DIContext())
        gauges.addSubstitution(for: "gauge") { () -> AnalogGauge in
            let gauge = AnalogGauge()
            gauge.reading = 30
            return gauge
        }
        let substituted = gauges.gauge
        #expect(substituted.reading == 30)
        #expect(substituted is AnalogGauge)
        #expect(substituted.dial == nil)

        gauges.removeSubstitution(for: "gauge")
        let original = gauges.gauge
        #expect(original.reading == 10)
        #expect(original is AnalogGauge)
        #expect(original.dial?.gauge === original)
    }

    /// EasyDi: Test_Substitutions.testSubstitutionWithDefinition (file Test_Patches.swift).
    /// EasyDi's substitute captures the assembly; in Wiring the context keeps the substitute, so
    /// it takes the assembly as its parameter instead (a captured one would keep the context
    /// alive forever). The substitute's own `define` reads other definitions of the same graph.
    @Test("a substitute that defines its object joins the graph of the definition it replaces")
    func substituteWithDefinition() {
        let gauges = GaugeAssembly.instance(from: DIContext())
        gauges.addSubstitution(for: "gauge") { (assembly: GaugeAssembly) in
            return assembly.define(init: DigitalGauge()) { gauge in
                gauge.reading = assembly.calibration
                gauge.dial = assembly.dial
                return gauge
            } as Gauge
        }
        let substituted = gauges.gauge
        #expect(substituted.reading == 20)
        #expect(substituted is DigitalGauge)
        #expect(substituted.dial != nil)
        #expect(substituted.dial?.gauge != nil)
        #expect(substituted.dial?.gauge === substituted)

        gauges.removeSubstitution(for: "gauge")
        let original = gauges.gauge
        #expect(original.reading == 10)
        #expect(original is AnalogGauge)
    }

    // MARK: Protocols

    /// EasyDi: Test_ProtocolInjection.testProtocolInjection.
    @Test("a definition hands out a class as a protocol, injected")
    func protocolTypedDefinition() {
        let meter = MeterAssembly.instance(from: DIContext()).meter
        #expect(meter.reading == 42)
        #expect(meter is WaterMeter)
    }

    // MARK: Scopes

    /// EasyDi: Test_Scope.testSingleton.
    @Test("lazySingleton: made and injected once, the same object on every read")
    func lazySingletonMadeOnce() {
        let context = DIContext()
        let beacons = BeaconAssembly.instance(from: context)
        let first = BeaconAssembly.instance(from: context).beacon
        #expect(first.injected)
        let second = BeaconAssembly.instance(from: context).beacon
        #expect(second.injected)
        #expect(first === second)
        #expect(beacons.tally.count == 1)
    }

    /// EasyDi: Test_Scope.testObjectGraph.
    @Test("objectGraph: one instance per read, so a parent and child point at each other")
    func objectGraphOncePerRead() {
        let family = FamilyAssembly.instance(from: DIContext())
        let elder = family.elder
        #expect(family.tally.count == 1)
        #expect(elder.junior != nil)
        #expect(elder.junior?.elder != nil)
        #expect(elder.junior?.elder === elder)

        _ = family.elder
        #expect(family.tally.count == 2)
    }

    /// EasyDi: Test_Scope.testPrototype.
    @Test("prototype: made again when read again inside its own graph")
    func prototypeMadeOnEveryRead() {
        let blueprints = BlueprintAssembly.instance(from: DIContext())
        let blueprint = blueprints.blueprint
        #expect(blueprints.tally.count == 2)
        #expect(blueprint.sketch != nil)
        #expect(blueprint.sketch?.blueprint != nil)
        #expect(blueprint.sketch?.blueprint !== blueprint)
        blueprint.sketch?.blueprint = nil  // breaks the second blueprint's reference cycle
    }

    /// EasyDi: Test_Scope.testWeakSingleton.
    @Test("weakSingleton: gone when nobody holds it, then shared while held")
    func weakSingletonLivesWhileHeld() {
        let context = DIContext()
        let beacons = BeaconAssembly.instance(from: context)
        weak var dropped: Beacon?
        dropped = BeaconAssembly.instance(from: context).weakBeacon
        #expect(dropped == nil)

        let first = BeaconAssembly.instance(from: context).weakBeacon
        let second = BeaconAssembly.instance(from: context).weakBeacon
        #expect(first.injected)
        #expect(second.injected)
        #expect(first === second)
        #expect(beacons.tally.count == 2)
    }

    // MARK: Structs

    /// EasyDi: Test_StructsInjection.testInjectionIntoStructure.
    @Test("a struct is injected by returning a changed copy")
    func structInjectedByCopy() {
        let note = StructAssembly.instance(from: DIContext()).note
        #expect(note.number == 5)
        #expect(note.text == "sticky")
    }

    /// EasyDi: Test_StructsInjection.testCrossStructureInjections.
    @Test("two structs that read each other are both made")
    func structsReadEachOther() {
        let red = StructAssembly.instance(from: DIContext()).red
        #expect(red is RedTile)
        #expect(red.neighbour != nil)
        #expect(red.neighbour is BlueTile)
        #expect(red.neighbour?.neighbour != nil)
        #expect(red.neighbour?.neighbour is RedTile)
    }

    // MARK: Thread safety

    /// EasyDi: Test_Threadsafety.test_ThreadSafety. EasyDi shares the assembly between threads;
    /// in Swift 6 the context is what crosses threads (it is `Sendable`), and each thread gets
    /// the context's assembly from it. Four threads × 10 reads × 200 keyed definitions; the
    /// wait is bounded only so that a deadlock fails the test instead of hanging it.
    @Test("threads reading one context at once each get a complete object")
    func threadsResolveTogether() {
        let context = DIContext()
        let expected = (0..<200).map { "entry-\($0)" }
        let complete = Tally()
        let wrong = Tally()
        let group = DispatchGroup()
        let threads = 4
        let reads = 10
        for _ in 0..<threads {
            group.enter()
            let thread = Thread {
                let ledgers = LedgerAssembly.instance(from: context)
                for _ in 0..<reads {
                    if ledgers.ledger.entries == expected {
                        complete.add()
                    } else {
                        wrong.add()
                    }
                }
                group.leave()
            }
            thread.start()
        }
        #expect(group.wait(timeout: .now() + hangLimit) == .success)
        #expect(complete.count == threads * reads)
        #expect(wrong.count == 0)
    }
}
