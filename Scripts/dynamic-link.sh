#!/usr/bin/env bash
# Builds the SyringeDynamic product (Package.swift) and checks that it is a usable shared library: it exports the
# library's symbols, and a program compiled apart, linked against it alone, registers and resolves through it.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -Xswiftc -warnings-as-errors --product SyringeDynamic
bin="$(swift build --show-bin-path)"
library="$bin/libSyringeDynamic.so"
[ -f "$library" ] || { echo "no $library after building SyringeDynamic" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Container's type metadata accessor: the apps and frameworks linking the library share this one Container type.
# (nm's output is kept in a file: `nm | grep -q` fails under pipefail when grep stops reading early.)
nm -D --defined-only "$library" > "$work/symbols"
grep -q '7Syringe9ContainerCMa' "$work/symbols" || { echo "$library does not export Syringe.Container" >&2; exit 1; }
cat > "$work/main.swift" <<'SWIFT'
import Syringe

final class Greeter: Sendable { let text = "resolved through libSyringeDynamic" }

let container = Container()
container.register(Greeter.self) { _ in Greeter() }.inObjectScope(.container)
guard let greeter = container.resolve(Greeter.self), greeter === container.resolve(Greeter.self) else {
    fatalError("the container linked from libSyringeDynamic did not keep its singleton")
}
print(greeter.text)
SWIFT
# The module of Syringe's C half (CSyringeRuntime), which Syringe's module refers to, is found by its module map.
swiftc -swift-version 6 -warnings-as-errors -I "$bin/Modules" -I Sources/CSyringeRuntime/include \
    -L "$bin" -lSyringeDynamic \
    -Xlinker -rpath -Xlinker "$bin" "$work/main.swift" -o "$work/app"
# The program's own NEEDED entries, read from its dynamic section (readelf reads the file; ldd would run the loader),
# kept in a file for the same reason as nm's.
readelf -d "$work/app" > "$work/dynamic"
grep 'NEEDED' "$work/dynamic" | grep 'libSyringeDynamic.so' > /dev/null || {
    echo "the program did not link libSyringeDynamic.so; its dynamic section:" >&2
    cat "$work/dynamic" >&2
    exit 1
}
"$work/app"
