// The app side of .ci/dynamic-library: reads the framework's definitions from inlined copies of
// their getters and from the framework's own code, and checks that each is one definition.
import Foundation
import Framework
import Wiring

/// Reads `perGraph` from the app and, through `holder`, from the framework in one read.
final class ScreenAssembly: Assembly {
    var framework: FrameworkAssembly { context.assembly() }
    var pair: (Counter, Holder) { define(init: (framework.perGraph, framework.holder)) }
}

var failures: [String] = []
let framework = FrameworkAssembly.instance(from: DIContext())
let before = Counter.made
if framework.singleton !== frameworkSingleton(framework) || Counter.made - before != 1 {
    failures.append("a lazySingleton read from the app and the framework was made twice")
}
let stores = StoreAssembly<Int>.instance(from: DIContext())
if stores.store !== frameworkStore(stores) {
    failures.append("a generic assembly's lazySingleton was made twice")
}
let pair = ScreenAssembly.instance(from: DIContext()).pair
if pair.0 !== pair.1.counter {
    failures.append("one read made two objectGraph objects of one definition")
}
if failures.isEmpty {
    print("one definition from the app and the framework: ok")
} else {
    FileHandle.standardError.write(Data((failures.joined(separator: "\n") + "\n").utf8))
    exit(1)
}
