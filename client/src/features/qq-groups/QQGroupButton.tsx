import { lazy, Suspense, useState } from "react";
import { QQGroupIcon } from "../../shared/ui/icons";
import { useShownOnce } from "../../shared/ui/lazyShown";

const loadDialog = () => import("./QQGroupDialog");
const QQGroupDialog = lazy(loadDialog);

/** The header's QQ-group button; its dialog's code loads when it is first pressed. */
export function QQGroupButton({ buttonClassName }: { buttonClassName: string }) {
  const [visible, setVisible] = useState(false);
  const [opened, setOpened] = useState(0);
  const shown = useShownOnce(visible);
  return (
    <>
      <button
        type="button"
        className={buttonClassName}
        aria-label="QQ群"
        onPointerDown={() => void loadDialog().catch(() => undefined)}
        onClick={() => {
          setVisible(true);
          setOpened((n) => n + 1);
        }}
      >
        <QQGroupIcon />
      </button>
      {shown && (
        <Suspense fallback={null}>
          <QQGroupDialog visible={visible} opened={opened} onClose={() => setVisible(false)} />
        </Suspense>
      )}
    </>
  );
}
