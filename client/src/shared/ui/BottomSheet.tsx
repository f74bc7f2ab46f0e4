import { lazy, Suspense, useEffect, type CSSProperties, type ReactNode } from "react";
import { preloadOnFirstInput, useShownOnce } from "./lazyShown";

// The popup (and its animation and gesture libraries) loads when a sheet first opens, not with the page; warmed on
// the visitor's first touch, so the tap that opens a sheet does not wait for it.
const loadPopup = () => import("./PopupLazy");
const Popup = lazy(loadPopup);

/** Every bottom sheet's body: rounded top corners. */
const SHEET_BODY_STYLE: CSSProperties = { borderTopLeftRadius: 16, borderTopRightRadius: 16 };

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

/** A sheet from the bottom of the screen: antd-mobile's Popup, loaded on the first touch or when the sheet opens. */
export function BottomSheet({ visible, onClose, destroyOnClose, bodyStyle, children }: Props) {
  const shown = useShownOnce(visible);
  useEffect(() => preloadOnFirstInput(loadPopup), []);
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
