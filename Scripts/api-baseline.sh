#!/usr/bin/env bash
# The public API of Syringe and SyringeTesting, compared with the baseline checked in under API/.
#
#   Scripts/api-baseline.sh            fails, printing the difference, when the public API differs from API/
#   Scripts/api-baseline.sh --update   rewrites API/ from the code
#
# The API is read from the compiler's symbol graphs (public symbols only): one line per declaration, its kind, its
# path and its declaration as the compiler prints it, sorted, so a diff shows exactly what was added, removed or
# changed. A change to the public API updates API/ and CHANGELOG.md in the same commit (Documentation/Versioning.md,
# "How a breaking change is announced").
#
# The build shares Scripts/docs.sh's scratch directory and flags, so in CI the library is compiled once for both.
# SYRINGE_DOCS_DIR overrides that directory (.build-docs).
set -euo pipefail
cd "$(dirname "$0")/.."
work=${SYRINGE_DOCS_DIR:-$PWD/.build-docs}
update=false
case "${1:-}" in
    --update) update=true ;;
    "") ;;
    *) echo "usage: $0 [--update]" >&2; exit 2 ;;
esac

mkdir -p "$work/symbol-graphs-raw"
for target in Syringe SyringeTesting; do
    swift build --target "$target" --scratch-path "$work/build" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$work/symbol-graphs-raw" 2>&1 |
        grep -E "error|warning: |Compiling|Build" | tail -n 1
done

current=$(mktemp -d)
trap 'rm -rf "$current"' EXIT
python3 - "$work/symbol-graphs-raw" "$current" <<'PY'
import glob, json, os, sys
raw, out = sys.argv[1], sys.argv[2]

def where_clause(constraints):
    """` where A : P, B == C` for a symbol graph's constraints, or nothing."""
    if not constraints:
        return ""
    return " where " + ", ".join(f"{c['lhs']} {':' if c['kind'] == 'conformance' else '=='} {c['rhs']}" for c in constraints)

for module in ("Syringe", "SyringeTesting"):
    lines = set()
    # The module's own graph, and Module@Other.symbols.json for its extensions of other modules' types.
    for path in [os.path.join(raw, module + ".symbols.json")] + sorted(glob.glob(os.path.join(raw, module + "@*.symbols.json"))):
        if not os.path.exists(path):
            sys.exit(f"api-baseline: no symbol graph {path}: did the build fail?")
        graph = json.load(open(path))
        names = {}
        for symbol in graph["symbols"]:
            names[symbol["identifier"]["precise"]] = ".".join(symbol["pathComponents"])
        for symbol in graph["symbols"]:
            # Members a type gets from another module's protocol extension (`!=` from `Equatable`) are that
            # module's API, not this one's.
            if symbol.get("accessLevel") not in ("public", "open") or "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            where = ".".join(symbol["pathComponents"])
            extended = symbol.get("swiftExtension", {}).get("extendedModule")
            if extended and extended != module:
                where = f"{extended}::{where}"
            constraints = symbol.get("swiftExtension", {}).get("constraints", [])
            lines.add(f"{symbol['kind']['identifier'].removeprefix('swift.')} {where}: {declaration}" + where_clause(constraints))
        # What each type conforms to or inherits from: dropping a conformance (`Sendable`, `Hashable`) breaks code.
        for relation in graph["relationships"]:
            if relation["kind"] not in ("conformsTo", "inheritsFrom") or relation["source"] not in names:
                continue
            target = names.get(relation["target"]) or relation.get("targetFallback") or relation["target"]
            lines.add(f"{relation['kind']} {names[relation['source']]}: {target}" + where_clause(relation.get("swiftConstraints", [])))
    with open(os.path.join(out, module + ".txt"), "w") as file:
        file.write("".join(line + "\n" for line in sorted(lines)))
PY

if $update; then
    mkdir -p API
    cp "$current"/Syringe.txt "$current"/SyringeTesting.txt API/
    echo "api-baseline: API/ rewritten ($(cat API/*.txt | wc -l) public declarations); add the change to CHANGELOG.md"
    exit 0
fi
failed=0
for module in Syringe SyringeTesting; do
    if ! diff -u --label "API/$module.txt (baseline)" --label "$module (the code)" "API/$module.txt" "$current/$module.txt"; then
        failed=1
    fi
done
if [ $failed -ne 0 ]; then
    echo "api-baseline: the public API differs from API/ (lines with - are in the baseline only, + in the code only)." >&2
    echo "If the change is meant, run Scripts/api-baseline.sh --update and list it in CHANGELOG.md under Unreleased." >&2
    exit 1
fi
echo "api-baseline: the public API matches API/ ($(cat API/*.txt | wc -l) declarations)"
