import { Button, Form, Upload } from "antd";
import { UploadOutlined } from "@ant-design/icons";

/** A required form item that picks one file to send with the form (nothing is uploaded until the form is). */
export function FilePickItem({
  label,
  accept,
  file,
  onChange,
}: {
  label: string;
  accept: string;
  file: File | null;
  onChange: (f: File | null) => void;
}) {
  return (
    <Form.Item label={label} required>
      <Upload
        accept={accept}
        maxCount={1}
        beforeUpload={(f) => (onChange(f), false)}
        onRemove={() => onChange(null)}
        fileList={file ? [{ uid: "1", name: file.name, status: "done" }] : []}
      >
        <Button icon={<UploadOutlined />}>{`选择${label}`}</Button>
      </Upload>
    </Form.Item>
  );
}
