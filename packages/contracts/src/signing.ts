/**
 * What a signing submission asked to change (signing_tasks.options, JSON): the server validates and stores it, the
 * worker's `signing.sign` applies it.
 */
export interface SigningTaskOptions {
  bundleId?: string;
  displayName?: string;
  version?: string;
  /** Catalogue dylibs (ids) to inject. */
  dylibIds?: number[];
  removeUISupportedDevices?: boolean;
  removePlugins?: boolean;
  removeWatch?: boolean;
}
