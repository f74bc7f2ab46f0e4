/** What a toast shows: text, an optional success/fail icon, how long (ms). */
export interface ToastOptions {
  content: string;
  icon?: "success" | "fail";
  duration?: number;
}

let loading: Promise<typeof import("./ToastLazy")> | null = null;

/** antd-mobile's Toast, loaded on first use so it stays off the home page's critical path. */
export function toast(options: ToastOptions): void {
  loading ??= import("./ToastLazy");
  void loading
    .then((m) => m.default.show(options))
    .catch(() => {
      loading = null;
    });
}
