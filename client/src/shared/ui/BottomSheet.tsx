import { lazy, Suspense, type CSSProperties, type ReactNode } from "react";
import { useShownOnce } from "./lazyShown";
import { SHEET_BODY_STYLE } from "./sheet";

// The popup (and its animation and gesture libraries) loads when a sheet first opens, not with the page.
const Popup = lazy(() => import("./PopupLazy"));

interface Props {
  visible: boolean;
  /** A tap on the mask (or the popup's own close) asks to close. */
  onClose: () => void;
  /** Unmounts the content once closed (a fresh form next time). */
  destroyOnClose?: boolean;
  /** Added to the sheet's body style (rounded top corners). */
  bodyStyle?: CSSProperties;
  children: ReactNode;
}

/** A sheet from the bottom of the screen: antd-mobile's Popup, loaded the first time the sheet opens. */
export function BottomSheet({ visible, onClose, destroyOnClose, bodyStyle, children }: Props) {
  const shown = useShownOnce(visible);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Popup
        visible={visible}
        onMaskClick={onClose}
        onClose={onClose}
        bodyStyle={bodyStyle ? { ...SHEET_BODY_STYLE, ...bodyStyle } : SHEET_BODY_STYLE}
        destroyOnClose={destroyOnClose}
      >
        {children}
      </Popup>
    </Suspense>
  );
}
