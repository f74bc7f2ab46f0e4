import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../shared/graphqlError";
import { isAbortError } from "../../shared/upload";
import { uploadSigningIpa, type SigningUpload } from "./api";

export type UploadState =
  | { phase: "idle" }
  | { phase: "sending"; name: string; percent: number }
  | { phase: "done"; upload: SigningUpload }
  | { phase: "failed"; message: string };

/**
 * The IPA upload of the signing form: XMLHttpRequest with progress, one at a time (a new file aborts the one under
 * way, as does leaving the page), cancellable; the server's reading of the IPA once done.
 */
export function useIpaUpload() {
  const [upload, setUpload] = useState<UploadState>({ phase: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = (file: File, maxMb: number) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ phase: "sending", name: file.name, percent: 0 });
    uploadSigningIpa(
      file,
      maxMb,
      (percent) => setUpload((u) => (u.phase === "sending" ? { ...u, percent } : u)),
      controller.signal,
    )
      .then((u) => setUpload({ phase: "done", upload: u }))
      .catch((e: unknown) =>
        setUpload(isAbortError(e) ? { phase: "idle" } : { phase: "failed", message: errorMessage(e) }),
      );
  };

  return { upload, setUpload, send, cancel: () => abort.current?.abort() };
}
