import { useState } from "react";
import { Button } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { lazyDialog } from "../common/lazyDialog";

const UploadModal = lazyDialog(() =>
  import("./PlatformCertificateUploadModal").then((m) => m.PlatformCertificateUploadModal),
);

/** 上传平台证书: the button, and its dialog (loaded when first opened). */
export function PlatformCertificateUpload({ onUploaded }: { onUploaded: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        上传平台证书
      </Button>
      {open && <UploadModal onClose={() => setOpen(false)} onUploaded={onUploaded} />}
    </>
  );
}
