#!/usr/bin/env bash
# Builds Syringe's DocC documentation with the toolchain alone (no swift-docc-plugin, no package dependency):
#
#   1. the compiler's symbol graph of the Syringe module (`swift build -emit-symbol-graph`, in its own scratch
#      directory so the everyday .build keeps its flags);
#   2. a check that every public symbol has a `///` comment (synthesized members are skipped; a witness
#      without a comment of its own passes only when it inherits the requirement's comment);
#   3. the catalog assembled from Sources/Syringe/Syringe.docc (landing page, topic groups) and the pages of
#      Documentation/, which stay the one source of truth for GitHub readers: they are copied in as articles,
#      their links rewritten to DocC links (`[Object scopes](ObjectScopes.md#anchor)` ->
#      `<doc:ObjectScopes#Heading>`), and a page the landing page does not curate yet is added to a
#      "More articles" group, so a new page needs no change here;
#   4. `docc convert --warnings-as-errors`.
#
# Fails on a docc warning, on an undocumented public symbol, or on a link (of a page or of README.md) to a page or
# a file that does not exist.
# Needs the Swift toolchain (with docc, as swift.org's Linux toolchains and Xcode ship it) and python3.
#
# Usage: Scripts/docs.sh             builds .build-docs/Syringe.doccarchive (open it with Xcode, or serve it:
#                                    `python3 -m http.server -d .build-docs/site` and open
#                                    http://localhost:8000/documentation/syringe)
#        Scripts/docs.sh --preview   the same, then `docc preview` at http://localhost:8080/documentation/syringe
# SYRINGE_DOCS_DIR overrides the work directory (.build-docs).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${SYRINGE_DOCS_DIR:-$root/.build-docs}
mode=convert
[ "${1:-}" = "--preview" ] && mode=preview

die() {
    echo "docs: $*" >&2
    exit 1
}

# The toolchain's docc: xcrun on macOS, next to swift elsewhere.
if command -v xcrun >/dev/null 2>&1; then
    docc=$(xcrun --find docc)
else
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[ -x "$docc" ] || die "no docc next to $(command -v swift); install a toolchain that ships it"

echo "== Symbol graph of Syringe"
# The raw directory is kept: the compiler writes the graphs when it compiles the module, not on a no-op build.
rm -rf "$work/symbol-graphs"
mkdir -p "$work/symbol-graphs-raw" "$work/symbol-graphs"
swift build --target Syringe --scratch-path "$work/build" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$work/symbol-graphs-raw"
# Only the library's graphs (Syringe.symbols.json, and Syringe@Other.symbols.json for extensions of other
# modules' types), not those of tools built on the way.
cp "$work"/symbol-graphs-raw/Syringe.symbols.json "$work/symbol-graphs/"
find "$work/symbol-graphs-raw" -name 'Syringe@*.symbols.json' -exec cp {} "$work/symbol-graphs/" \;

echo "== Every public symbol has a /// comment"
python3 - "$work/symbol-graphs" <<'PY'
import glob, json, sys

missing = []
for path in sorted(glob.glob(sys.argv[1] + "/*.symbols.json")):
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        if symbol["accessLevel"] not in ("public", "open"):
            continue
        # Members the compiler writes (memberwise initializers, Equatable/Hashable witnesses) have no source.
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        # Members the compiler derives for a conformance (a raw-value enum's init(rawValue:), hash(into:)) have
        # no source location: there is no declaration to comment.
        if "location" not in symbol:
            continue
        if symbol.get("docComment", {}).get("lines"):
            continue
        location = symbol.get("location", {})
        file = location.get("uri", "?").split("/Sources/", 1)[-1]
        line = location.get("position", {}).get("line", -1) + 1
        name = ".".join(symbol["pathComponents"])
        missing.append(f"Sources/{file}:{line}: public {symbol['kind']['displayName'].lower()} {name} has no /// comment")
for entry in missing:
    print(entry)
if missing:
    print(f"docs: {len(missing)} public symbol(s) without a /// comment (every public symbol needs one, with an example)")
    sys.exit(1)
print("all public symbols documented")
PY

echo "== Catalog: Sources/Syringe/Syringe.docc and the pages of Documentation/"
catalog="$work/Syringe.docc"
rm -rf "$catalog"
cp -R Sources/Syringe/Syringe.docc "$catalog"
mkdir -p "$catalog/Articles"
python3 - "$root" "$catalog" "$work/symbol-graphs" <<'PY'
import glob, json, os, re, sys

root, catalog, graphs = sys.argv[1], sys.argv[2], sys.argv[3]
docs = os.path.join(root, "Documentation")
pages = sorted(name[:-3] for name in os.listdir(docs) if name.endswith(".md") and name != "README.md")

# DocC drops an article named like a top-level symbol (Documentation/DependencyGraph.md and the type
# DependencyGraph, swift-docc issue 593), so such a page becomes the article <page>Guide.
types = set()
for path in glob.glob(os.path.join(graphs, "*.symbols.json")):
    types.update(s["pathComponents"][0] for s in json.load(open(path))["symbols"] if len(s["pathComponents"]) == 1)
article = {page: page + "Guide" if page in types else page for page in pages}

def github_slug(heading):
    text = re.sub(r"[`*_]", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")

def docc_fragment(heading):
    # DocC names a heading by its text, spaces written as dashes.
    return re.sub(r"\s+", "-", re.sub(r"[`*]", "", heading).strip())

headings = {}
for page in pages:
    text = open(os.path.join(docs, page + ".md")).read()
    headings[page] = {github_slug(h): docc_fragment(h) for h in re.findall(r"^#{2,6} (.+)$", text, re.M)}

errors = []
def rewrite(page, text):
    def link(match):
        label, target = match.group(1), match.group(2)
        if re.match(r"^[a-z]+:", target):
            return match.group(0)  # an absolute URL stays
        path, _, anchor = target.partition("#")
        name = page if path == "" else os.path.basename(path)[:-3] if path.endswith(".md") else None
        in_docs = path == "" or os.path.dirname(os.path.normpath(path)) in ("", ".")
        if name in headings and in_docs:
            if anchor:
                fragment = headings[name].get(anchor)
                if fragment is None:
                    errors.append(f"Documentation/{page}.md: no heading #{anchor} in {name}.md")
                    return label
                return f"[{label}](<doc:{article[name]}#{fragment}>)"
            return f"[{label}](<doc:{article[name]}>)"
        if path.endswith(".md") and in_docs:
            errors.append(f"Documentation/{page}.md: link to {target}, which is not a page")
        # A file of the repository outside Documentation/ (README, sources, a test a claim names): plain text
        # here, but it must exist.
        if path and not os.path.exists(os.path.normpath(os.path.join(docs, path))):
            errors.append(f"Documentation/{page}.md: link to {target}, which does not exist")
        return label
    return re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", link, text)

# The README's links to files of the repository (the tests its claims name) must exist too.
for target in re.findall(r"\[[^\]]+\]\(([^)\s]+)\)", open(os.path.join(root, "README.md")).read()):
    path = target.partition("#")[0]
    if path and not re.match(r"^[a-z]+:", target) and not os.path.exists(os.path.join(root, path)):
        errors.append(f"README.md: link to {target}, which does not exist")

for page in pages:
    text = open(os.path.join(docs, page + ".md")).read()
    # A fence's sample markers (```swift fragment / throws / no-run) are for the samples target.
    text = re.sub(r"^(\s*```swift)[^\n]*$", r"\1", text, flags=re.M)
    with open(os.path.join(catalog, "Articles", article[page] + ".md"), "w") as out:
        out.write(rewrite(page, text))

landing = os.path.join(catalog, "Syringe.md")
text = open(landing).read()
uncurated = [article[page] for page in pages if f"<doc:{article[page]}>" not in text]
if uncurated:
    text = text.rstrip("\n") + "\n\n### More articles\n\n" + "".join(f"- <doc:{page}>\n" for page in uncurated)
    open(landing, "w").write(text)
    print("added to More articles (curate them in Sources/Syringe/Syringe.docc/Syringe.md):", ", ".join(uncurated))
for error in errors:
    print(error)
if errors:
    sys.exit(1)
PY

echo "== docc $mode"
archive="$work/Syringe.doccarchive"
rm -rf "$archive"
options=(
    "$catalog"
    --additional-symbol-graph-dir "$work/symbol-graphs"
    --fallback-display-name Syringe
    --fallback-bundle-identifier dev.syringe.Syringe
    --default-code-listing-language swift
    --output-dir "$archive"
    --warnings-as-errors
)
if [ "$mode" = preview ]; then
    "$docc" preview "${options[@]}"
else
    log="$work/docc.log"
    "$docc" convert "${options[@]}" --transform-for-static-hosting 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    if [ "$status" -ne 0 ] || grep -q "warning:" "$log"; then
        die "docc reported problems (above)"
    fi
    rm -rf "$work/site"
    cp -R "$archive" "$work/site"
    echo "docs: built $archive (static site: $work/site, open documentation/syringe/index.html through a web server)"
fi
