#!/usr/bin/env bash
# apple-typecheck.sh [--platform macos|ios|tvos|watchos] [--min VERSION] [-I DIR] [-module-name M] [-package-name P]
#                    [-enable-upcoming-feature F] [-D FLAG] FILE.swift...
#
# Type-checks Swift sources for an Apple platform on Linux, so that availability is checked against a deployment
# target: "'Duration' is only available in macOS 13.0 or newer", "parameter packs in generic types are only
# available in macOS 14.0.0 or newer". No Apple SDK is needed. The toolchain's own Linux interfaces of the standard
# library (Swift, _Concurrency, _StringProcessing, SwiftOnoneSupport) and of Swift Testing (Testing, which imports
# only those), which carry Apple availability annotations,
# are copied into a private resource directory and retargeted to x86_64-apple-macos / x86_64-apple-ios-simulator /
# x86_64-apple-tvos-simulator / x86_64-apple-watchos-simulator.
#
# A copy of ../shared/tools/apple-typecheck.sh (the team's tool), extended to tvOS and watchOS (their annotations
# are in the same interfaces) and to Swift Testing (its Linux interface has the same availability annotations as
# Apple's; declarations only one of them has, such as image attachments, are not compared). Scripts/apple-availability.sh runs it at Syringe's declared minimums.
#
# What it checks: availability of standard-library and concurrency API, and language features gated by OS version.
# What it cannot: Darwin, Foundation, Dispatch, Synchronization (their Linux interfaces are Linux-specific), so code
# that imports them fails here with "no such module"; keep such imports out of the files you check, or behind
# a C shim module passed with -I (its headers are parsed by clang for the Apple target, with this machine's libc
# headers standing in for the SDK's).
#
# Exit status: the compiler's. Example:
#   bash Scripts/apple-typecheck.sh --platform ios --min 13.0 $(find Sources/Syringe -name '*.swift')
set -u
platform=macos; min=""; incs=(); files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --platform) platform=$2; shift 2;;
    --min) min=$2; shift 2;;
    -I) incs+=(-I "$2"); shift 2;;
    -module-name|-package-name|-enable-upcoming-feature|-D) incs+=("$1" "$2"); shift 2;;
    *) files+=("$1"); shift;;
  esac
done
[ ${#files[@]} -gt 0 ] || { echo "usage: apple-typecheck.sh [--platform macos|ios|tvos|watchos] [--min V] [-I DIR] FILE.swift..."; exit 2; }
case "$platform" in
  macos) dir=macosx; triple=x86_64-apple-macos; target=x86_64-apple-macosx${min:-10.15}; iface=x86_64-apple-macos10.15;;
  ios) dir=iphonesimulator; triple=x86_64-apple-ios-simulator; target=x86_64-apple-ios${min:-13.0}-simulator
       iface=x86_64-apple-ios13.0-simulator;;
  tvos) dir=appletvsimulator; triple=x86_64-apple-tvos-simulator; target=x86_64-apple-tvos${min:-13.0}-simulator
       iface=x86_64-apple-tvos13.0-simulator;;
  watchos) dir=watchsimulator; triple=x86_64-apple-watchos-simulator; target=x86_64-apple-watchos${min:-6.0}-simulator
       iface=x86_64-apple-watchos6.0-simulator;;
  *) echo "platform: macos, ios, tvos or watchos"; exit 2;;
esac
R=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift
work=${APPLE_TYPECHECK_DIR:-/tmp/syringe-apple-typecheck}  # not the shared tool's: this one adds Testing
compiler=$(swiftc --version 2>&1); compiler=${compiler%%$'\n'*}  # its first line (no `| head -1`: SIGPIPE)
res=$work/res; stamp="$res/$dir/.built-from-$(printf '%s' "$compiler" | tr -cd 'A-Za-z0-9.')"
if [ ! -f "$stamp" ]; then
  rm -rf "$res/$dir"; mkdir -p "$res/$dir" "$work/sdk"
  for x in shims clang apinotes; do [ -e "$res/$x" ] || ln -s "$R/$x" "$res/$x"; done
  for m in Swift _Concurrency _StringProcessing SwiftOnoneSupport _Volatile RegexBuilder Observation Distributed Testing; do
    src=$R/linux/$m.swiftmodule/x86_64-unknown-linux-gnu.private.swiftinterface
    [ -f "$src" ] || src=$R/linux/$m.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface
    [ -f "$src" ] || continue
    mkdir -p "$res/$dir/$m.swiftmodule"
    # retarget; drop @backDeployed (its bodies are not in a Linux interface); build the interface itself without
    # availability checking (only the user's files are checked)
    sed -e "s/-target x86_64-unknown-linux-gnu/-target $iface/" \
        -e '/^[[:space:]]*@backDeployed(before/d' \
        -e 's/^\(\/\/ swift-module-flags: .*\)$/\1 -disable-availability-checking/' \
        "$src" >"$res/$dir/$m.swiftmodule/$triple.swiftinterface"
  done
  touch "$stamp"
fi
exec swiftc -typecheck -target "$target" -resource-dir "$res" -sdk "$work/sdk" -module-cache-path "$work/cache-$dir" \
  -swift-version 6 -parse-as-library -Xfrontend -disable-objc-interop -Xcc -isystem -Xcc /usr/include -Xcc -isystem -Xcc /usr/include/x86_64-linux-gnu \
  ${incs[@]+"${incs[@]}"} "${files[@]}" 2> >(grep -v "SDKSettings.json" >&2)
