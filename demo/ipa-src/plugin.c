/* The demo catalogue's plugins (demo/gen-binaries.sh): a tiny arm64 iOS dynamic library with one exported function
 * whose name and constant differ per plugin, so every demo dylib is its own real Mach-O file. */
int PLUGIN_SYMBOL(int x) { return x * PLUGIN_SEED + 1; }
