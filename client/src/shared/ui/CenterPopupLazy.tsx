import { CenterPopup } from "antd-mobile";
import type { ReactNode } from "react";

/** antd-mobile's CenterPopup in a chunk of its own (see DialogPanel). */
export default function CenterPopupLazy(props: {
  visible: boolean;
  onMaskClick: () => void;
  style: Record<string, string>;
  children: ReactNode;
}) {
  return <CenterPopup {...props} />;
}
