import {
  createContext,
  lazy,
  useCallback,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { ModalFuncProps } from "antd";

/** What the back office's pages tell the admin with: toasts and the two dialogs they open (antd's App API, in part). */
export interface Feedback {
  message: { success: (content: ReactNode) => void; error: (content: ReactNode) => void };
  modal: { confirm: (props: ModalFuncProps) => void; error: (props: ModalFuncProps) => void };
}

const FeedbackContext = createContext<Feedback | null>(null);

const FeedbackHost = lazy(() => import("./FeedbackHost"));

/**
 * antd's App in two parts: the API the pages call, here, and antd's message and Modal behind it, which load once the
 * page is up (when the browser is idle, or at the first call before that): they stay off a page's first load, as
 * a toast or a confirmation only ever follows something the admin did. A call made before they are in waits for them.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const apis = useRef<Feedback | null>(null);
  const waiting = useRef<((apis: Feedback) => void)[]>([]);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => setWanted(true));
    return () => cancel(id);
  }, []);
  const value = useMemo<Feedback>(() => {
    const call = (use: (apis: Feedback) => void) => {
      if (apis.current) use(apis.current);
      else {
        waiting.current.push(use);
        setWanted(true);
      }
    };
    return {
      message: {
        success: (content) => call((a) => a.message.success(content)),
        error: (content) => call((a) => a.message.error(content)),
      },
      modal: {
        confirm: (props) => call((a) => a.modal.confirm(props)),
        error: (props) => call((a) => a.modal.error(props)),
      },
    };
  }, []);
  const ready = useCallback((loaded: Feedback) => {
    apis.current = loaded;
    for (const use of waiting.current.splice(0)) use(loaded);
  }, []);
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackHost onReady={ready} />
        </Suspense>
      )}
    </FeedbackContext.Provider>
  );
}

/** The back office's toasts and dialogs (inside AdminProviders). */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error("useFeedback outside AdminProviders");
  return feedback;
}
