/* The demo apps' executable: no libc (linked with -nostdlib -e _main), so Debian's clang and lld build it for
 * arm64 iOS without an SDK. APP_SEED makes each app's code differ; WITH_KIT links the app against the
 * GuorenKit framework it ships in Frameworks/ (an LC_LOAD_DYLIB of @rpath/GuorenKit.framework/GuorenKit). */
#ifdef WITH_KIT
extern int GuorenKitVersion(void);
#endif

static volatile int seed = APP_SEED;

int main(void) {
#ifdef WITH_KIT
  return seed + GuorenKitVersion();
#else
  return seed;
#endif
}
