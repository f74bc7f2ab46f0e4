/* GuorenKit.framework's code: one exported function the 果仁笔记 demo app calls. */
int GuorenKitVersion(void) { return 3; }
