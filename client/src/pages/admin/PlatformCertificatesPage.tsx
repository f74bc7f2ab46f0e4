import { useState } from "react";
import { Button } from "antd";
import { CertificatesTable } from "../../features/admin/certificates/CertificatesTable";
import { PlatformCertificateUpload } from "../../features/admin/certificates/PlatformCertificateUpload";
import { downloadWithToken } from "../../shared/download";
import { useAdminAction } from "../../features/admin/common/useAdminAction";

/** /admin/platform-certificates: the platform's own p12s and profiles (used later by the mall and for signing). */
export default function PlatformCertificatesPage() {
  const [reloadKey, setReloadKey] = useState(0);
  const act = useAdminAction();
  return (
    <CertificatesTable
      scope="platform"
      title="平台证书"
      reloadKey={reloadKey}
      extra={<PlatformCertificateUpload onUploaded={() => setReloadKey((k) => k + 1)} />}
      actions={(c) => (
        <Button
          type="link"
          size="small"
          onClick={() =>
            act(
              () =>
                downloadWithToken(
                  `/api/admin/platform-certificates/download/${c.id}?type=zip`,
                  `certificate-${c.id}.zip`,
                ),
              undefined,
              "下载失败",
            )
          }
        >
          下载
        </Button>
      )}
    />
  );
}
