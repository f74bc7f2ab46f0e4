import type { ReactNode } from "react";
import { Form, Modal, type FormInstance } from "antd";
import { useMutation } from "@apollo/client/react";
import type { TypedDocumentNode } from "@apollo/client";
import { useAdminAction } from "./useAdminAction";

/**
 * The shell of an admin create / edit dialog (mounted while open): a vertical form, 保存 (or `okText`) submits it
 * (the form's rules first), 取消 closes. Pass `form` when the fields are filled from outside (an upload).
 */
export function FormModal<V>({
  title,
  width,
  okText = "保存",
  form,
  initialValues,
  onFinish,
  loading,
  onClose,
  children,
}: {
  title: string;
  width?: number;
  okText?: string;
  form?: FormInstance<V>;
  initialValues?: V;
  onFinish: (values: V) => void | Promise<void>;
  loading: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const [own] = Form.useForm<V>();
  const instance = form ?? own;
  return (
    <Modal
      title={title}
      open
      width={width}
      onCancel={onClose}
      onOk={() => instance.submit()}
      okText={okText}
      cancelText="取消"
      confirmLoading={loading}
    >
      <Form form={instance} layout="vertical" initialValues={initialValues as object} onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}

/**
 * Saves the record of a FormModal: the update mutation when `id` is given, else the create one; a toast says
 * how it went (`texts.updated` / `texts.created`, or the server's error) and `onSaved` runs after success.
 */
export function useSaveRecord<I, C, U>(
  createDocument: TypedDocumentNode<C, { input: I }>,
  updateDocument: TypedDocumentNode<U, { id: string; input: I }>,
  id: string | undefined,
  texts: { created: string; updated: string },
  onSaved: () => void,
) {
  const act = useAdminAction();
  const [create, { loading: creating }] = useMutation(createDocument);
  const [update, { loading: updating }] = useMutation(updateDocument);
  async function save(input: I) {
    const ok = await act(
      () => (id ? update({ variables: { id, input } }) : create({ variables: { input } })),
      id ? texts.updated : texts.created,
    );
    if (ok) onSaved();
  }
  return { save, saving: creating || updating };
}
