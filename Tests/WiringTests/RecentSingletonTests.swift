import Foundation
import Testing
import Wiring

// A context remembers the lazy singletons that reads found, one per index that the define call's
// place chooses, so that the next read finds each without hashing. What it remembers must never
// change an answer: two define calls or keys at one index, two types read from one definition,
// a weak singleton, a substitution added later, another context, threads filling it at once.

// MARK: - Fixtures

/// A singleton that tells which key made it.
final class RecentItem: Sendable {
    let key: String

    init(_ key: String) {
        self.key = key
    }
}

/// What a generic read of one definition may be asked for as.
protocol RecentNamed: AnyObject {
    var key: String { get }
}

extension RecentItem: RecentNamed {}

/// Singletons at many define calls, and many keys at one.
final class RecentAssembly: Assembly {
    /// One define call whose keys differ by argument: every key is at one index.
    func item(_ n: Int) -> RecentItem {
        define(key: "item-\(n)", scope: .lazySingleton, init: RecentItem("item-\(n)"))
    }

    /// One definition read as whichever type the caller asks for.
    func named<T>() -> T {
        define(key: "named", scope: .lazySingleton, init: RecentItem("named"))
    }

    var weak: RecentItem { define(scope: .weakSingleton, init: RecentItem("weak")) }

    /// One define call whose scope the caller chooses.
    func either(weak: Bool) -> RecentItem {
        define(key: "either", scope: weak ? .weakSingleton : .lazySingleton, init: RecentItem("e"))
    }

    var a0: RecentItem { define(scope: .lazySingleton, init: RecentItem("a0")) }
    var a1: RecentItem { define(scope: .lazySingleton, init: RecentItem("a1")) }
    var a2: RecentItem { define(scope: .lazySingleton, init: RecentItem("a2")) }
    var a3: RecentItem { define(scope: .lazySingleton, init: RecentItem("a3")) }
    var a4: RecentItem { define(scope: .lazySingleton, init: RecentItem("a4")) }
    var a5: RecentItem { define(scope: .lazySingleton, init: RecentItem("a5")) }
    var a6: RecentItem { define(scope: .lazySingleton, init: RecentItem("a6")) }
    var a7: RecentItem { define(scope: .lazySingleton, init: RecentItem("a7")) }

    /// The eight singletons above, read in turn.
    var all: [RecentItem] { [a0, a1, a2, a3, a4, a5, a6, a7] }

    /// Reads its items inside one read, as a screen reads its shared objects.
    var screen: [RecentItem] {
        define(init: [RecentItem]()) { $0 = [self.item(1), self.item(2), self.item(1), self.a0] }
    }
}

/// More define calls of one key than a context remembers singletons: two of them share a place
/// in its table, whatever the define calls' addresses.
final class RecentSitesAssembly: Assembly {
    static let count = 65

    func site(_ n: Int) -> RecentItem {
        switch n {
        case 0: define(key: "same", scope: .lazySingleton, init: RecentItem("0"))
        case 1: define(key: "same", scope: .lazySingleton, init: RecentItem("1"))
        case 2: define(key: "same", scope: .lazySingleton, init: RecentItem("2"))
        case 3: define(key: "same", scope: .lazySingleton, init: RecentItem("3"))
        case 4: define(key: "same", scope: .lazySingleton, init: RecentItem("4"))
        case 5: define(key: "same", scope: .lazySingleton, init: RecentItem("5"))
        case 6: define(key: "same", scope: .lazySingleton, init: RecentItem("6"))
        case 7: define(key: "same", scope: .lazySingleton, init: RecentItem("7"))
        case 8: define(key: "same", scope: .lazySingleton, init: RecentItem("8"))
        case 9: define(key: "same", scope: .lazySingleton, init: RecentItem("9"))
        case 10: define(key: "same", scope: .lazySingleton, init: RecentItem("10"))
        case 11: define(key: "same", scope: .lazySingleton, init: RecentItem("11"))
        case 12: define(key: "same", scope: .lazySingleton, init: RecentItem("12"))
        case 13: define(key: "same", scope: .lazySingleton, init: RecentItem("13"))
        case 14: define(key: "same", scope: .lazySingleton, init: RecentItem("14"))
        case 15: define(key: "same", scope: .lazySingleton, init: RecentItem("15"))
        case 16: define(key: "same", scope: .lazySingleton, init: RecentItem("16"))
        case 17: define(key: "same", scope: .lazySingleton, init: RecentItem("17"))
        case 18: define(key: "same", scope: .lazySingleton, init: RecentItem("18"))
        case 19: define(key: "same", scope: .lazySingleton, init: RecentItem("19"))
        case 20: define(key: "same", scope: .lazySingleton, init: RecentItem("20"))
        case 21: define(key: "same", scope: .lazySingleton, init: RecentItem("21"))
        case 22: define(key: "same", scope: .lazySingleton, init: RecentItem("22"))
        case 23: define(key: "same", scope: .lazySingleton, init: RecentItem("23"))
        case 24: define(key: "same", scope: .lazySingleton, init: RecentItem("24"))
        case 25: define(key: "same", scope: .lazySingleton, init: RecentItem("25"))
        case 26: define(key: "same", scope: .lazySingleton, init: RecentItem("26"))
        case 27: define(key: "same", scope: .lazySingleton, init: RecentItem("27"))
        case 28: define(key: "same", scope: .lazySingleton, init: RecentItem("28"))
        case 29: define(key: "same", scope: .lazySingleton, init: RecentItem("29"))
        case 30: define(key: "same", scope: .lazySingleton, init: RecentItem("30"))
        case 31: define(key: "same", scope: .lazySingleton, init: RecentItem("31"))
        case 32: define(key: "same", scope: .lazySingleton, init: RecentItem("32"))
        case 33: define(key: "same", scope: .lazySingleton, init: RecentItem("33"))
        case 34: define(key: "same", scope: .lazySingleton, init: RecentItem("34"))
        case 35: define(key: "same", scope: .lazySingleton, init: RecentItem("35"))
        case 36: define(key: "same", scope: .lazySingleton, init: RecentItem("36"))
        case 37: define(key: "same", scope: .lazySingleton, init: RecentItem("37"))
        case 38: define(key: "same", scope: .lazySingleton, init: RecentItem("38"))
        case 39: define(key: "same", scope: .lazySingleton, init: RecentItem("39"))
        case 40: define(key: "same", scope: .lazySingleton, init: RecentItem("40"))
        case 41: define(key: "same", scope: .lazySingleton, init: RecentItem("41"))
        case 42: define(key: "same", scope: .lazySingleton, init: RecentItem("42"))
        case 43: define(key: "same", scope: .lazySingleton, init: RecentItem("43"))
        case 44: define(key: "same", scope: .lazySingleton, init: RecentItem("44"))
        case 45: define(key: "same", scope: .lazySingleton, init: RecentItem("45"))
        case 46: define(key: "same", scope: .lazySingleton, init: RecentItem("46"))
        case 47: define(key: "same", scope: .lazySingleton, init: RecentItem("47"))
        case 48: define(key: "same", scope: .lazySingleton, init: RecentItem("48"))
        case 49: define(key: "same", scope: .lazySingleton, init: RecentItem("49"))
        case 50: define(key: "same", scope: .lazySingleton, init: RecentItem("50"))
        case 51: define(key: "same", scope: .lazySingleton, init: RecentItem("51"))
        case 52: define(key: "same", scope: .lazySingleton, init: RecentItem("52"))
        case 53: define(key: "same", scope: .lazySingleton, init: RecentItem("53"))
        case 54: define(key: "same", scope: .lazySingleton, init: RecentItem("54"))
        case 55: define(key: "same", scope: .lazySingleton, init: RecentItem("55"))
        case 56: define(key: "same", scope: .lazySingleton, init: RecentItem("56"))
        case 57: define(key: "same", scope: .lazySingleton, init: RecentItem("57"))
        case 58: define(key: "same", scope: .lazySingleton, init: RecentItem("58"))
        case 59: define(key: "same", scope: .lazySingleton, init: RecentItem("59"))
        case 60: define(key: "same", scope: .lazySingleton, init: RecentItem("60"))
        case 61: define(key: "same", scope: .lazySingleton, init: RecentItem("61"))
        case 62: define(key: "same", scope: .lazySingleton, init: RecentItem("62"))
        case 63: define(key: "same", scope: .lazySingleton, init: RecentItem("63"))
        case 64: define(key: "same", scope: .lazySingleton, init: RecentItem("64"))
        default: fatalError("no define call \(n)")
        }
    }
}

/// A value that a cast to `AnyObject` boxes anew each time.
struct RecentSettings {
    var verbose = false
}

/// Singletons that their define calls' types make anew on each cast, and a define call whose
/// file is a static string without an address.
final class RecentCastAssembly: Assembly {
    var settings: AnyObject { define(scope: .lazySingleton, init: RecentSettings()) }
    var count: NSNumber { define(scope: .lazySingleton, init: 42) }

    var unaddressed: RecentItem {
        define(scope: .lazySingleton, init: RecentItem("unaddressed"), file: unicodeScalar())
    }

    /// A static string made from a unicode scalar literal, which has no address.
    private func unicodeScalar<T: ExpressibleByUnicodeScalarLiteral>() -> T {
        "x"
    }
}

/// Tells when it goes, to a log shared by the test.
final class RecentNoisy {
    let name: String
    let log: Attack2Lines

    init(_ name: String, _ log: Attack2Lines) {
        self.name = name
        self.log = log
    }

    deinit {
        log.add(name)
    }
}

/// A singleton and one that a substitution replaces, for the order a context lets them go in.
final class RecentOrderAssembly: Assembly {
    static let log = Attack2Lines()

    var a: RecentNoisy { define(scope: .lazySingleton, init: RecentNoisy("a", Self.log)) }
    var b: RecentNoisy { define(scope: .lazySingleton, init: RecentNoisy("b", Self.log)) }
}

/// The object a `RecentSnapshot` is bridged from.
final class RecentSource: @unchecked Sendable {
    let lock = NSLock()
    var bridged = 0
}

/// A value bridged from an object, anew each time: a cast makes one per read, and bridging back
/// gives the object it came from.
struct RecentSnapshot: _ObjectiveCBridgeable {
    let source: RecentSource
    let taken: Int

    func _bridgeToObjectiveC() -> RecentSource {
        source
    }

    static func _forceBridgeFromObjectiveC(_ source: RecentSource, result: inout RecentSnapshot?) {
        result = snapshot(of: source)
    }

    static func _conditionallyBridgeFromObjectiveC(
        _ source: RecentSource,
        result: inout RecentSnapshot?
    ) -> Bool {
        result = snapshot(of: source)
        return true
    }

    static func _unconditionallyBridgeFromObjectiveC(_ source: RecentSource?) -> RecentSnapshot {
        snapshot(of: source!)
    }

    private static func snapshot(of source: RecentSource) -> RecentSnapshot {
        source.lock.withLock {
            source.bridged += 1
            return RecentSnapshot(source: source, taken: source.bridged)
        }
    }
}

/// A singleton kept as an object and read as a value bridged from it.
final class RecentBridgeAssembly: Assembly {
    var snapshot: RecentSnapshot { define(scope: .lazySingleton, init: RecentSource()) }
}

// MARK: - Tests

@Suite("Remembered singletons")
struct RecentSingletonTests {
    @Test("keys of one define call, read in turn, each give their own singleton")
    func keysAtOneIndex() {
        let assembly = RecentAssembly.instance(from: DIContext())
        let first = (0..<50).map { assembly.item($0) }
        for round in 0..<3 {
            for n in (0..<50).reversed() {
                let item = assembly.item(n)
                #expect(item.key == "item-\(n)", "round \(round)")
                #expect(item === first[n])
            }
        }
    }

    @Test("define calls of one key, more than a context remembers, each keep their own")
    func sitesOfOneKey() {
        let assembly = RecentSitesAssembly.instance(from: DIContext())
        let first = (0..<RecentSitesAssembly.count).map { assembly.site($0) }
        #expect(first.map(\.key) == (0..<RecentSitesAssembly.count).map { "\($0)" })
        for _ in 0..<3 {
            for n in (0..<RecentSitesAssembly.count).reversed() {
                #expect(assembly.site(n) === first[n])
            }
        }
    }

    @Test(
        "a singleton that a cast copies (a struct as AnyObject, an Int as NSNumber) is copied anew")
    func castsThatCopy() {
        let assembly = RecentCastAssembly.instance(from: DIContext())
        let settings = (0..<3).map { _ in assembly.settings }
        #expect(settings[0] !== settings[1] && settings[1] !== settings[2])
        weak let released = assembly.settings
        #expect(released == nil)
        let counts = (0..<3).map { _ in assembly.count }
        #expect(counts.allSatisfy { $0.intValue == 42 })
    }

    @Test("a singleton bridged to its define call's type is bridged anew on every read")
    func bridgedOnEveryRead() {
        let assembly = RecentBridgeAssembly.instance(from: DIContext())
        let taken = (0..<4).map { _ in assembly.snapshot.taken }
        #expect(taken == [1, 2, 3, 4])
    }

    @Test("a define call whose file has no address is read again and again")
    func fileWithoutAddress() {
        let assembly = RecentCastAssembly.instance(from: DIContext())
        let first = assembly.unaddressed
        #expect(assembly.unaddressed === first && assembly.unaddressed === first)
    }

    @Test("a context lets a remembered singleton go before its substitutions' singletons")
    func orderOfRelease() {
        do {
            let assembly = RecentOrderAssembly.instance(from: DIContext())
            _ = assembly.a
            _ = assembly.a
            assembly.addSubstitution(for: "b") {
                RecentNoisy("substitute-b", RecentOrderAssembly.log)
            }
            _ = assembly.b
        }
        #expect(RecentOrderAssembly.log.all == ["a", "substitute-b"])
    }

    @Test("inside a read, keys of one define call give their own singleton")
    func keysAtOneIndexInsideARead() {
        let assembly = RecentAssembly.instance(from: DIContext())
        let outside = [assembly.item(1), assembly.item(2)]
        for _ in 0..<3 {
            let screen = assembly.screen
            #expect(screen.map(\.key) == ["item-1", "item-2", "item-1", "a0"])
            #expect(screen[0] === outside[0] && screen[1] === outside[1])
            #expect(screen[2] === outside[0] && screen[3] === assembly.a0)
        }
    }

    @Test("one definition read as its class and as a protocol gives one singleton")
    func twoTypesOfOneDefinition() {
        let assembly = RecentAssembly.instance(from: DIContext())
        let item: RecentItem = assembly.named()
        for _ in 0..<3 {
            let named: any RecentNamed = assembly.named()
            let again: RecentItem = assembly.named()
            #expect(named === item && again === item)
        }
        let optional: RecentItem? = assembly.named()
        #expect(optional === item)
    }

    @Test("many singletons of one assembly, read in turn, each stay themselves")
    func manySingletons() {
        let context = DIContext()
        let assembly = RecentAssembly.instance(from: context)
        let first = assembly.all
        #expect(first.map(\.key) == (0..<8).map { "a\($0)" })
        for _ in 0..<5 {
            #expect(zip(assembly.all, first).allSatisfy { $0 === $1 })
        }
    }

    @Test("a weak singleton read twice is not held by the context")
    func weakIsNotRemembered() {
        let assembly = RecentAssembly.instance(from: DIContext())
        weak var released: RecentItem?
        do {
            let held = assembly.weak
            #expect(assembly.weak === held)
            #expect(assembly.weak === held)
            released = held
        }
        #expect(released == nil)
    }

    @Test("a weak singleton read by a lazy read of its define call is not held by the context")
    func weakReadAsLazy() {
        let assembly = RecentAssembly.instance(from: DIContext())
        weak var released: RecentItem?
        do {
            let held = assembly.either(weak: true)
            #expect(assembly.either(weak: false) === held)
            #expect(assembly.either(weak: false) === held)
            released = held
        }
        #expect(released == nil)
        let lazy = assembly.either(weak: false)
        #expect(assembly.either(weak: false) === lazy && assembly.either(weak: true) === lazy)
    }

    @Test("a substitution added after reads is what the next read gets; removed, the original")
    func substitutionAfterReads() {
        let assembly = RecentAssembly.instance(from: DIContext())
        let original = assembly.a3
        #expect(assembly.a3 === original)
        let fake = RecentItem("fake")
        assembly.addSubstitution(for: "a3") { fake }
        #expect(assembly.a3 === fake)
        #expect(assembly.all[3] === fake)
        assembly.removeSubstitution(for: "a3")
        #expect(assembly.a3 === original)
    }

    @Test("two contexts remember their own singletons of the same define calls")
    func contextsApart() {
        let one = RecentAssembly.instance(from: DIContext())
        let two = RecentAssembly.instance(from: DIContext())
        for _ in 0..<3 {
            #expect(one.a5 !== two.a5)
            #expect(one.a5 === one.a5 && two.a5 === two.a5)
            #expect(one.item(7) !== two.item(7))
        }
    }

    /// Fills and reads what the context remembers from four threads at once, each reading the
    /// singletons of 65 define calls in its own order in a new context: without the context's
    /// lock around the table, two threads write it at once (a crash, or a report under
    /// ThreadSanitizer).
    @Test("four threads filling and reading at once each get the context's singletons")
    func threads() {
        let count = RecentSitesAssembly.count
        for _ in 0..<300 {
            let assembly = RecentSitesAssembly.instance(from: DIContext())
            let shared = Attack6Unchecked(value: assembly)
            let wrong = Counter()
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                let assembly = shared.value
                for step in 0..<count * 2 {
                    let n = (step * (2 * worker + 1)) % count
                    if assembly.site(n).key != "\(n)" {
                        wrong.add("wrong")
                    }
                }
            }
            let first = (0..<count).map { assembly.site($0) }
            #expect(wrong.count("wrong") == 0)
            #expect((0..<count).allSatisfy { assembly.site($0) === first[$0] })
        }
    }
}
