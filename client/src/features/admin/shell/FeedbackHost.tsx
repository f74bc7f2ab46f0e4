import { useEffect } from "react";
import { message, Modal } from "antd";
import type { Feedback } from "./feedback";

/** antd's message and Modal, mounted inside the back office's ConfigProvider (its locale and theme), handed up once. */
export default function FeedbackHost({ onReady }: { onReady: (apis: Feedback) => void }) {
  const [messageApi, messages] = message.useMessage();
  const [modalApi, modals] = Modal.useModal();
  useEffect(() => {
    onReady({
      message: { success: (c) => void messageApi.success(c), error: (c) => void messageApi.error(c) },
      modal: { confirm: (p) => void modalApi.confirm(p), error: (p) => void modalApi.error(p) },
    });
  }, [messageApi, modalApi, onReady]);
  return (
    <>
      {messages}
      {modals}
    </>
  );
}
