import { CertificatesTable } from "../../features/admin/certificates/CertificatesTable";

/** /admin/certificates: every user's certificates with owner, status and last check. */
export default function CertificatesPage() {
  return <CertificatesTable scope="user" title="用户证书" />;
}
