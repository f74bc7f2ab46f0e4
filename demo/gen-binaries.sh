#!/usr/bin/env bash
# The Mach-O files the default run builds its catalogue packages from (server/src/db/demo/demo-packages.ts):
#   binaries/app          an arm64 iOS executable (no libc, entry _main, ad-hoc signed by lld, 1 KB of header
#                         padding so the signer can inject a plugin's LC_LOAD_DYLIB); every generated demo IPA
#                         carries it as its main executable
#   binaries/plugin-N.dylib  N = 1..16: one arm64 dylib per demo plugin (install name @executable_path/Frameworks/
#                         libgryx-plugin-N.dylib, its own exported symbol), ad-hoc signed
# Committed, so a fresh machine needs no compiler; run this only to change them (Debian's clang and lld):
#   bash demo/gen-binaries.sh
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="$HERE/binaries"
SRC="$HERE/ipa-src"
for tool in clang ld.lld; do command -v "$tool" >/dev/null || { echo "gen-binaries: $tool is required (apt-get install clang lld)" >&2; exit 1; }; done
mkdir -p "$OUT"
CC=(clang -O2 -nostdlib -fuse-ld=lld -target arm64-apple-ios14.0)
"${CC[@]}" -Wl,-e,_main -DAPP_SEED=5 -Wl,-headerpad,0x400 -Wl,-adhoc_codesign -o "$OUT/app" "$SRC/app.c"
for n in $(seq 1 16); do
  "${CC[@]}" -dynamiclib -DPLUGIN_SYMBOL="GryxPlugin${n}Entry" -DPLUGIN_SEED="$((n + 2))" \
    -Wl,-install_name,"@executable_path/Frameworks/libgryx-plugin-${n}.dylib" -Wl,-adhoc_codesign \
    -o "$OUT/plugin-${n}.dylib" "$SRC/plugin.c"
done
ls -l "$OUT"
