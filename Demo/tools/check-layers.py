#!/usr/bin/env python3
"""Checks that the reader's source folders depend on each other in one direction only, and
that assemblies reach other assemblies through computed properties. Standard library only;
run from the repository root (CI does):

    python3 Demo/tools/check-layers.py

Layers, lowest first, are the folders of Demo/ComicReader in LAYERS; Rendering/Image counts as
its own layer, below everything, because it depends on nothing else of the reader. A file may
use names declared in its own layer or a lower one. "Use" is textual: a name counts when it is
a type, type alias or top-level function declared at the start of a line in some file, and
appears as a whole word in another file's code (comments and string literals are left out).
Members are not followed, so `x.someMember` reached through a lower type is not checked; what
this catches is a file naming a type of a higher layer, which is what makes a dependency.

The second check: no stored property (a declaration indented one level, as swift format lays
out the members of a top-level type) holds an assembly (`let a = Other.instance()`, `lazy var
a: OtherAssembly = context.assembly()`): the reader follows the root README's advice to link
assemblies with computed properties (`var x: XAssembly { context.assembly() }`), which is what
this check enforces.

The third: assemblies depend on each other in one direction too. An assembly links to another
with a computed property of that assembly's type (`var other: OtherAssembly { ... }`); these
links must form no cycle (Rendering reading Network and Network reading Rendering fails), so
the assemblies stack up like the layers they wire.
"""
import os
import re
import sys

ROOT = "Demo/ComicReader"
LAYERS = ["Image", "Model", "Sample", "Cache", "Network", "Rendering", "Reader", "Experiments",
          "Assemblies", "CLI"]

DECLARATION = re.compile(
    r"^(?:(?:public|internal|package|private|fileprivate|final|indirect|nonisolated|@[\w.]+"
    r"(?:\([^)]*\))?)\s+)*(?:struct|class|enum|protocol|actor|typealias|func)\s+(\w+)", re.M)
STORED_ASSEMBLY = re.compile(
    r"^ {4}(?:(?:private|fileprivate|internal|public|static|unowned|weak)\s+)*"
    r"(?:let|lazy\s+var|var)\s+\w+\s*(?::\s*\w*Assembly\b[^{\n]*=|=\s*\w*Assembly\.instance\()"
    r"|^ {4}(?:(?:private|fileprivate|internal|public|static)\s+)*(?:let|lazy\s+var|var)\s+\w+"
    r"\s*:\s*\w+\s*=\s*context\.assembly\(\)", re.M)
ASSEMBLY_CLASS = re.compile(r"^(?:\w+\s+)*class\s+(\w+)\s*:\s*Assembly\b", re.M)
ASSEMBLY_LINK = re.compile(r"^ {4}(?:\w+\s+)*var\s+\w+\s*:\s*(\w+Assembly)\s*\{", re.M)


def layer_of(path):
    parts = os.path.relpath(path, ROOT).split(os.sep)
    if parts[:2] == ["Rendering", "Image"]:
        return "Image"
    return parts[0]


def code_only(text):
    """`text` with comments and string literals blanked out, lines kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            end = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            end = n if j < 0 else j + 3
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def assembly_cycle(files):
    """A cycle of assembly links, as a list of names starting and ending with the same one,
    or None."""
    links = {}
    for _, code in files.values():
        classes = list(ASSEMBLY_CLASS.finditer(code))
        for index, match in enumerate(classes):
            end = classes[index + 1].start() if index + 1 < len(classes) else len(code)
            targets = set(ASSEMBLY_LINK.findall(code, match.end(), end))
            links.setdefault(match.group(1), set()).update(targets - {match.group(1)})
    state = {}

    def visit(name, path):
        state[name] = "open"
        for target in sorted(links.get(name, ())):
            if state.get(target) == "open":
                return path[path.index(target):] + [target]
            if target not in state:
                found = visit(target, path + [target])
                if found:
                    return found
        state[name] = "done"
        return None

    for name in sorted(links):
        if name not in state:
            found = visit(name, [name])
            if found:
                return found
    return None


def main():
    files = {}
    for directory, _, names in os.walk(ROOT):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as f:
                    files[path] = (layer_of(path), code_only(f.read()))
    problems = []
    for path, (layer, _) in sorted(files.items()):
        if layer not in LAYERS:
            problems.append(f"{path}: folder {layer} is not one of the layers {LAYERS}")
    owners = {}
    for path, (layer, code) in files.items():
        for match in DECLARATION.finditer(code):
            owners.setdefault(match.group(1), set()).add(layer)
    for path, (layer, code) in sorted(files.items()):
        if layer not in LAYERS:
            continue
        rank = LAYERS.index(layer)
        for name in sorted(set(re.findall(r"\b[A-Za-z_]\w*\b", code))):
            homes = owners.get(name, set())
            if homes and all(LAYERS.index(home) > rank for home in homes if home in LAYERS):
                higher = ", ".join(sorted(homes))
                problems.append(f"{path}: uses {name}, declared in the higher layer {higher}")
        for match in STORED_ASSEMBLY.finditer(code):
            line = code.count("\n", 0, match.start()) + 1
            problems.append(
                f"{path}:{line}: an assembly kept in a stored property; use a computed one: "
                "`var other: OtherAssembly { context.assembly() }`")
    cycle = assembly_cycle(files)
    if cycle:
        problems.append(
            "assemblies link to each other in a cycle: " + " -> ".join(cycle)
            + "; let a higher assembly hand one's object to the other instead")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s); layers, lowest first: {', '.join(LAYERS)}",
              file=sys.stderr)
        return 1
    print(f"{len(files)} files in {len(LAYERS)} layers: dependencies point one way")
    return 0


if __name__ == "__main__":
    sys.exit(main())
