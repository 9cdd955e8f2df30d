#!/usr/bin/env python3
"""The declared-key matrix: every kind of key x every receiver and operation, from one list.

The list below (KINDS x OPERATIONS, each cell's state decided by `cell`) is the single source of:
  - Tests/SyringeTests/DeclaredKeys/KeyMatrixTests.swift   one Swift Testing test per "works" and "typed error" cell
  - Tests/SyringeTests/DeclaredKeys/KeyMatrixFixtures.swift the keys and owners the tests and snippets use
  - Tests/KeyMatrix/CompileFail/*.swift                    one snippet per "does not compile" cell, with the
                                                          error it must produce on its first line
  - the table between the key-matrix markers of Documentation/DeclaredKeys.md

A new key kind or receiver is a new entry in KINDS or OPERATIONS: it cannot land without its row, since CI runs
`python3 Scripts/key-matrix.py --check` (the generated files must be up to date) and
`bash Scripts/key-matrix-compile-fail.sh` (every snippet fails to compile with its error).

Usage: Scripts/key-matrix.py [--check]
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# MARK: - The list

# One entry per kind of key: (id, title, key expression, takes an argument, execution).
# execution: "sync" (Key), "main" (MainActorKey), "global" (GlobalActorKey), "async" (AsyncKey).
KINDS = [
    ("plain", "`Key`", "matrixPlain", False, "sync"),
    ("plainArguments", "`Key.WithArguments`", "matrixPlainArguments", True, "sync"),
    ("mainActor", "`MainActorKey`", "matrixMainActor", False, "main"),
    ("mainActorArguments", "`MainActorKey.WithArguments`", "matrixMainActorArguments", True, "main"),
    ("globalActor", "`GlobalActorKey`", "matrixGlobalActor", False, "global"),
    ("globalActorArguments", "`GlobalActorKey.WithArguments`", "matrixGlobalActorArguments", True, "global"),
    ("async", "`AsyncKey`", "matrixAsync", False, "async"),
    ("asyncArguments", "`AsyncKey.WithArguments`", "matrixAsyncArguments", True, "async"),
]

# One entry per receiver or operation: (id, title). The state and code of each cell come from `cell` below.
OPERATIONS = [
    ("containerSubscript", "`try container[k]`"),
    ("factorySubscript", "`try r[k]` in a factory"),
    ("mainActorSubscript", "`container.mainActor[k]`"),
    ("asyncSubscript", "`try await container.async[k]`"),
    ("asyncFactorySubscript", "`try await r[k]` in an `async` factory"),
    ("injectedInject", "`@Injected(k)`, `inject(into:)`"),
    ("injectedMainActorInject", "`@Injected(k)`, `mainActor.inject(into:)`"),
    ("injectedAsyncInject", "`@Injected(k)`, `async.inject(into:)`"),
    ("injectedInjectsProperties", "`@Injected(k)`, `.injectsProperties()`"),
    ("override", "`register(k)` override"),
    ("settings", "settings declared with `k` (a decorator), default and override"),
    ("featureChild", "override in a feature child"),
    ("derived", "override in `derived()`"),
    ("withOverrides", "override in `withOverrides`"),
    ("testTrait", "override in the test trait"),
    ("placeholder", "`registerPlaceholder(k)`"),
    ("registerKeysByType", "`register(keys:)`, then by type"),
    ("verifyKeys", "`verify(keys:)`"),
    ("mainActorVerifyKeys", "`mainActor.verify(keys:)`"),
    ("asyncVerifyKeys", "`async.verify(keys:)`"),
    ("dependencyGraphKeys", "`dependencyGraph(keys:)`"),
    ("asyncDependencyGraphKeys", "`async.dependencyGraph(keys:)`"),
    ("recordResolutions", "`recordResolutions`"),
]

UNAVAILABLE = "this key's factory runs on an actor or is async"
NOT_MAIN_ACTOR = "conform to 'ServiceKeys.MainActorExecution'"
NEEDS_ARGUMENTS = "but contextual base was inferred as"


def works(code, note="works"):
    return ("works", note, code)


def typed(kind, code, note):
    return ("typed", note, code, kind)


def fails(error, code, note):
    return ("compile", note, code, error)


# MARK: - Cells


def cell(kind, operation):
    """The state of one cell and the body of its test or snippet."""
    kid, _, key, has_arguments, execution = kind
    args = ", 7" if has_arguments else ""
    use = f".{key}{args}"
    label = f'"{kid}{" 7" if has_arguments else ""}"'
    override_label = f'"override{" 7" if has_arguments else ""}"'
    awaited = execution != "sync"
    resolve_awaited = f"try await container.async[{use}]"
    override_closure = {
        "sync": "{ _ in MatrixService(\"override\") }",
        "main": "{ _ in MatrixService(\"override\") }",
        "global": "{ @MatrixActor _ in MatrixService(\"override\") }",
        "async": "{ _ in MatrixService(\"override\") }",
    }[execution]
    if has_arguments:
        override_closure = {
            "sync": "{ _, n in MatrixService(\"override \\(n)\") }",
            "main": "{ _, n in MatrixService(\"override \\(n)\") }",
            "global": "{ @MatrixActor _, n in MatrixService(\"override \\(n)\") }",
            "async": "{ _, n in MatrixService(\"override \\(n)\") }",
        }[execution]
    samples = (
        f"samples: {{ $0.provide(MatrixService.self, name: ServiceKeys.{key}.name, argument: 7) }}"
        if has_arguments
        else ""
    )
    samples_arg = f", {samples}" if samples else ""
    owner = f"MatrixOwner{kid[0].upper()}{kid[1:]}"
    op = operation[0]

    if op == "containerSubscript":
        if awaited:
            return fails(UNAVAILABLE, f"_ = try container[{use}]", "does not compile: needs `await` (the fix is in the message)")
        return works(f"#expect(try container[{use}].label == {label})")
    if op == "factorySubscript":
        if awaited:
            return fails(
                "subscript 'subscript(_:_:)' cannot be accessed from outside of the actor",
                f"container.register(MatrixConsumer.self) {{ r in MatrixConsumer(service: try r[{use}]) }}",
                "does not compile: the awaited subscript runs on its caller's executor and needs `await` (the factory"
                " is then an `async` one, next row)",
            )
        return works(
            f"container.register(MatrixConsumer.self) {{ r in MatrixConsumer(service: try r[{use}]) }}\n"
            f"#expect(try container.require(MatrixConsumer.self).service.label == {label})"
        )
    if op == "mainActorSubscript":
        if execution in ("global", "async"):
            return fails(NOT_MAIN_ACTOR, f"_ = try container.mainActor[{use}]", "does not compile: only `await` runs it")
        return works(f"#expect(try container.mainActor[{use}].label == {label})", "works (main actor)")
    if op == "asyncSubscript":
        return works(f"#expect({resolve_awaited}.label == {label})")
    if op == "asyncFactorySubscript":
        access = f"try await r[{use}]" if awaited else f"try r[{use}]"
        return works(
            f"container.register(MatrixConsumer.self) {{ (r: any AsyncResolver) async throws in\n"
            f"    MatrixConsumer(service: {access})\n}}\n"
            f"#expect(try await container.async.require(MatrixConsumer.self).service.label == {label})"
        )
    if op.startswith("injected"):
        if has_arguments:
            return fails(
                NEEDS_ARGUMENTS,
                f"final class Owner {{ @Injected(.{key}) var service: MatrixService }}",
                "does not compile: a property has no runtime arguments to give",
            )
        if op == "injectedInject":
            if execution in ("global", "async") or execution == "main":
                why = "typed error: only `await` runs the factory" if execution != "main" else "typed error off the main actor"
                return typed(".asyncFactory", f"try container.inject(into: {owner}())", why)
            return works(f"let owner = {owner}()\ntry container.inject(into: owner)\n#expect(owner.service.label == {label})")
        if op == "injectedMainActorInject":
            if execution in ("global", "async"):
                return typed(".asyncFactory", f"try container.mainActor.inject(into: {owner}())", "typed error: only `await` runs the factory")
            return works(
                f"let owner = {owner}()\ntry container.mainActor.inject(into: owner)\n#expect(owner.service.label == {label})",
                "works (main actor)",
            )
        if op == "injectedAsyncInject":
            return works(f"let owner = {owner}()\ntry await container.async.inject(into: owner)\n#expect(owner.service.label == {label})")
        if op == "injectedInjectsProperties":
            registration = f"container.register({owner}.self) {{ _ in {owner}() }}.injectsProperties()"
            if execution != "sync":
                awaited_owner = f'container.register({owner}.self, name: "awaited") {{ _ async in {owner}() }}.injectsProperties()'
                return (
                    "works",
                    "works for an `async` owner factory; a synchronous one is a typed error",
                    f"{awaited_owner}\n"
                    f'#expect(try await container.async.require({owner}.self, name: "awaited").service.label == {label})\n'
                    f"{registration}\n"
                    f"#expect(throws: ResolutionError.self) {{ _ = try container.require({owner}.self) }}",
                )
            return works(f"{registration}\n#expect(try container.require({owner}.self).service.label == {label})")
    if op == "override":
        return works(f"container.register(.{key}) {override_closure}\n#expect({resolve_awaited}.label == {override_label})")
    if op == "settings":
        decorated = f"{key}Decorated"
        use_decorated = f".{decorated}{args}"
        decorated_label = f'"{kid}{" 7" if has_arguments else ""} decorated"'
        override_decorated = f'"override{" 7" if has_arguments else ""} decorated"'
        return works(
            f"#expect(try await container.async[{use_decorated}].label == {decorated_label})\n"
            f"let test = container.derived {{ $0.register(.{decorated}) {override_closure} }}\n"
            f"#expect(try await test.async[{use_decorated}].label == {override_decorated})"
        )
    if op == "featureChild":
        return works(
            f"let feature = Container(parent: container)\n"
            f"feature.register(.{key}) {override_closure}\n"
            f"#expect(try await feature.async[{use}].label == {override_label})\n"
            f"#expect({resolve_awaited}.label == {label})"
        )
    if op == "derived":
        return works(
            f"let test = container.derived {{ $0.register(.{key}) {override_closure} }}\n"
            f"#expect(try await test.async[{use}].label == {override_label})\n"
            f"#expect({resolve_awaited}.label == {label})"
        )
    if op == "withOverrides":
        return works(
            f"let label = try await container.withOverrides({{ $0.register(.{key}) {override_closure} }}) {{ c in\n"
            f"    try await c.async[{use}].label\n}}\n"
            f"#expect(label == {override_label})\n"
            f"#expect({resolve_awaited}.label == {label})"
        )
    if op == "testTrait":
        return (
            "works",
            "works",
            f"#expect(try await Container.test.async[{use}].label == {override_label})",
            None,
            f".testContainer(from: Container(), {{ $0.register(.{key}) {override_closure} }})",
        )
    if op == "placeholder":
        return works(
            f"container.registerPlaceholder(.{key})\n"
            f"await withKnownIssue {{\n    _ = {resolve_awaited}\n}}"
        )
    if op == "registerKeysByType":
        arguments = ", argument: 7" if has_arguments else ""
        by_type = f"container.require(MatrixService.self, name: ServiceKeys.{key}.name{arguments})"
        if awaited:
            return typed(
                ".asyncFactory",
                f"container.register(keys: [ServiceKeys.{key}])\n_ = try {by_type}",
                "typed error `.asyncFactory` (not `.notRegistered`): the key is registered",
            )
        return works(f"container.register(keys: [ServiceKeys.{key}])\n#expect(try {by_type}.label == {label})")
    if op == "verifyKeys":
        check = "verified" if not awaited else "asynchronous"
        return works(
            f"let report = try container.verify(keys: [ServiceKeys.{key}]{samples_arg})\n"
            f"#expect(report.unusedKeyDefaults.count == 1)\n"
            f"#expect(report.{check}.contains {{ $0.request.name == ServiceKeys.{key}.name }})",
            "works" if not awaited else "listed as needing `await`",
        )
    if op == "mainActorVerifyKeys":
        check = "asynchronous" if execution in ("global", "async") else "verified"
        return works(
            f"let report = try container.mainActor.verify(keys: [ServiceKeys.{key}]{samples_arg})\n"
            f"#expect(report.{check}.contains {{ $0.request.name == ServiceKeys.{key}.name }})",
            "works (main actor)" if check == "verified" else "listed as needing `await`",
        )
    if op == "asyncVerifyKeys":
        return works(
            f"let report = try await container.async.verify(keys: [ServiceKeys.{key}]{samples_arg})\n"
            f"#expect(report.verified.contains {{ $0.request.name == ServiceKeys.{key}.name }})"
        )
    if op == "dependencyGraphKeys":
        return works(
            f"let graph = container.dependencyGraph(keys: [ServiceKeys.{key}]{samples_arg})\n"
            f"#expect(graph.nodes.contains {{ $0.module == Container.unusedKeyGroup && $0.request.name == ServiceKeys.{key}.name }})"
        )
    if op == "asyncDependencyGraphKeys":
        return works(
            f"let graph = await container.async.dependencyGraph(keys: [ServiceKeys.{key}]{samples_arg})\n"
            f"#expect(graph.nodes.contains {{ $0.module == Container.unusedKeyGroup && $0.request.name == ServiceKeys.{key}.name }})"
        )
    if op == "recordResolutions":
        return works(
            f"let record = try await container.recordResolutions {{ c in _ = try await c.async[{use}] }}\n"
            f"#expect(record.resolved(MatrixService.self, name: ServiceKeys.{key}.name))"
        )
    raise ValueError(f"no cell for {kind[0]} x {op}")


# MARK: - Fixtures

FIXTURES = '''// Generated by Scripts/key-matrix.py from its list of kinds and operations: do not edit.
// The keys and owners of the declared-key matrix (one key per kind, each named after it).
import Syringe

@globalActor
actor MatrixActor {
    static let shared = MatrixActor()
}

final class MatrixService: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

struct MatrixConsumer: Sendable {
    let service: MatrixService
}

extension ServiceKeys {
    static let matrixPlain = Key<MatrixService>(name: "plain") { _ in MatrixService("plain") }
    static let matrixPlainArguments = Key<MatrixService>.WithArguments<Int>(name: "plainArguments") { _, n in
        MatrixService("plainArguments \\(n)")
    }
    static let matrixMainActor = MainActorKey<MatrixService>(name: "mainActor") { _ in
        MainActor.assertIsolated()
        return MatrixService("mainActor")
    }
    static let matrixMainActorArguments = MainActorKey<MatrixService>.WithArguments<Int>(name: "mainActorArguments") {
        _, n in
        MainActor.assertIsolated()
        return MatrixService("mainActorArguments \\(n)")
    }
    static let matrixGlobalActor = GlobalActorKey<MatrixService, MatrixActor>(
        name: "globalActor", isolatedTo: MatrixActor.self
    ) { @MatrixActor _ in
        MatrixActor.shared.assertIsolated()
        return MatrixService("globalActor")
    }
    static let matrixGlobalActorArguments = GlobalActorKey<MatrixService, MatrixActor>.WithArguments<Int>(
        name: "globalActorArguments", isolatedTo: MatrixActor.self
    ) { @MatrixActor _, n in
        MatrixActor.shared.assertIsolated()
        return MatrixService("globalActorArguments \\(n)")
    }
    static let matrixAsync = AsyncKey<MatrixService>(name: "async") { _ in
        await Task.yield()
        return MatrixService("async")
    }
    static let matrixAsyncArguments = AsyncKey<MatrixService>.WithArguments<Int>(name: "asyncArguments") { _, n in
        await Task.yield()
        return MatrixService("asyncArguments \\(n)")
    }
}
'''


def decorated_keys():
    """A second key of each kind, declared with a decorator in its settings."""
    factories = {
        "sync": ("", "_ in", "_, n in"),
        "main": ("", "_ in", "_, n in"),
        "global": (", isolatedTo: MatrixActor.self", "@MatrixActor _ in", "@MatrixActor _, n in"),
        "async": ("", "_ in", "_, n in"),
    }
    aliases = {"sync": "Key<MatrixService>", "main": "MainActorKey<MatrixService>",
               "global": "GlobalActorKey<MatrixService, MatrixActor>", "async": "AsyncKey<MatrixService>"}
    lines = ["extension ServiceKeys {"]
    for kid, _, key, has_arguments, execution in KINDS:
        isolation, plain, with_argument = factories[execution]
        alias = aliases[execution] + (".WithArguments<Int>" if has_arguments else "")
        body = f'{with_argument} MatrixService("{kid} \\(n)")' if has_arguments else f'{plain} MatrixService("{kid}")'
        lines.append(
            f'    static let {key}Decorated = {alias}(\n'
            f'        name: "{kid}Decorated",\n'
            f'        settings: {{ $0.decorated {{ _, s in MatrixService(s.label + " decorated") }} }}{isolation}\n'
            f'    ) {{ {body} }}'
        )
    lines.append("}")
    return "\n".join(lines) + "\n"


def owners():
    lines = []
    for kid, _, key, has_arguments, _ in KINDS:
        if has_arguments:
            continue
        name = f"MatrixOwner{kid[0].upper()}{kid[1:]}"
        lines.append(f"final class {name} {{\n    @Injected(.{key}) var service: MatrixService\n}}\n")
    return "\n".join(lines)


# MARK: - Output


def swift_identifier(kind, operation):
    return f"{kind[0]}_{operation[0]}"


def indent(code, spaces):
    pad = " " * spaces
    return "\n".join(pad + line if line else line for line in code.split("\n"))


def tests_file():
    out = [
        "// Generated by Scripts/key-matrix.py from its list of kinds and operations: do not edit.",
        "// One test per cell of the declared-key matrix that works or fails with a typed error (Documentation/DeclaredKeys.md,",
        "// \"Every combination\"); the cells that do not compile are Tests/KeyMatrix/CompileFail/.",
        "import Syringe",
        "import SyringeTesting",
        "import Testing",
        "",
    ]
    for operation in OPERATIONS:
        suite = f"KeyMatrix_{operation[0]}"
        body = []
        for kind in KINDS:
            state = cell(kind, operation)
            if state[0] == "compile":
                continue
            name = swift_identifier(kind, operation)
            main_actor = operation[0].startswith("mainActor") or operation[0] == "injectedMainActorInject"
            isolation = "@MainActor " if main_actor else ""
            title = f"{kind[0]} × {operation[0]}: {state[1]}"
            trait = ""
            if len(state) > 4 and state[4]:
                trait = f", {state[4]}"
            if state[0] == "works":
                code = state[2]
                if "Container.test" not in code:
                    code = "let container = Container()\n" + code
                body.append(f'    @Test("{title}"{trait})')
                body.append(f"    {isolation}func {name}() async throws {{")
                body.append(indent(code, 8))
                body.append("    }")
            else:
                error_kind = state[3]
                code = "let container = Container()\n" + "let error = #expect(throws: ResolutionError.self) {\n" + indent(state[2], 4) + "\n}"
                body.append(f'    @Test("{title}")')
                body.append(f"    {isolation}func {name}() async throws {{")
                body.append(indent(code, 8))
                body.append(f"        if case {error_kind} = error?.kind {{}} else {{")
                body.append(f'            Issue.record("expected {error_kind}, got \\(String(describing: error))")')
                body.append("        }")
                body.append("    }")
            body.append("")
        if not body:
            continue
        out.append(f'@Suite("Declared-key matrix: {operation[1]}")')
        out.append(f"struct {suite} {{")
        out.extend(body[:-1])
        out.append("}")
        out.append("")
    return "\n".join(out)


def compile_fail_files():
    files = {}
    for operation in OPERATIONS:
        for kind in KINDS:
            state = cell(kind, operation)
            if state[0] != "compile":
                continue
            name = swift_identifier(kind, operation)
            main_actor = operation[0].startswith("mainActor")
            isolation = "@MainActor " if main_actor else ""
            code = state[2]
            if code.startswith("final class"):
                text = f"// expected-error: {state[3]}\nimport Syringe\n\n{code}\n"
            else:
                text = (
                    f"// expected-error: {state[3]}\nimport Syringe\n\n"
                    f"{isolation}func cell(_ container: Container) throws {{\n{indent(code, 4)}\n}}\n"
                )
            files[f"{name}.swift"] = text
    return files


def table():
    mark = {"works": "✅", "typed": "⚠️", "compile": "⛔"}
    head = "| | " + " | ".join(title for _, title, _, _, _ in KINDS) + " |"
    rule = "| --- |" + " --- |" * len(KINDS)
    rows = [head, rule]
    for operation in OPERATIONS:
        cells = []
        for kind in KINDS:
            state = cell(kind, operation)
            cells.append(f"{mark[state[0]]} {state[1]}")
        rows.append(f"| {operation[1]} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def outputs():
    files = {
        "Tests/SyringeTests/DeclaredKeys/KeyMatrixFixtures.swift": FIXTURES + "\n" + decorated_keys() + "\n" + owners(),
        "Tests/SyringeTests/DeclaredKeys/KeyMatrixTests.swift": tests_file(),
    }
    for name, text in compile_fail_files().items():
        files[f"Tests/KeyMatrix/CompileFail/{name}"] = text
    page = os.path.join(ROOT, "Documentation/DeclaredKeys.md")
    with open(page) as handle:
        text = handle.read()
    begin, end = "<!-- key-matrix: begin -->", "<!-- key-matrix: end -->"
    if begin in text and end in text:
        before = text[: text.index(begin) + len(begin)]
        after = text[text.index(end) :]
        files["Documentation/DeclaredKeys.md"] = before + "\n" + table() + "\n" + after
    return files


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    wanted = outputs()
    snippets = os.path.join(ROOT, "Tests/KeyMatrix/CompileFail")
    existing = set(os.listdir(snippets)) if os.path.isdir(snippets) else set()
    generated = {os.path.basename(p) for p in wanted if p.startswith("Tests/KeyMatrix/CompileFail/")}
    for path, text in wanted.items():
        full = os.path.join(ROOT, path)
        current = open(full).read() if os.path.exists(full) else None
        if current != text:
            stale.append(path)
            if not check:
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w") as handle:
                    handle.write(text)
    for extra in sorted(existing - generated):
        stale.append(f"Tests/KeyMatrix/CompileFail/{extra} (no longer a cell)")
        if not check:
            os.remove(os.path.join(snippets, extra))
    if check and stale:
        print("key-matrix: out of date (run python3 Scripts/key-matrix.py):\n  " + "\n  ".join(stale), file=sys.stderr)
        sys.exit(1)
    cells = [cell(k, o)[0] for k in KINDS for o in OPERATIONS]
    print(
        f"key-matrix: {len(KINDS)} kinds x {len(OPERATIONS)} operations: {cells.count('works')} work, "
        f"{cells.count('typed')} typed errors, {cells.count('compile')} do not compile"
        + ("" if check else f"; {len(stale)} file(s) written")
    )


if __name__ == "__main__":
    main()
