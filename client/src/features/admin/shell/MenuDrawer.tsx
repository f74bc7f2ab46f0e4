import type { ReactNode } from "react";
import { Drawer } from "antd";

/**
 * The back office's menu on narrow screens, in a drawer from the left. The layout loads it the first time the menu
 * opens: closed, it draws nothing, and wide screens never show it.
 */
export default function MenuDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={240}
      closable={false}
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}
