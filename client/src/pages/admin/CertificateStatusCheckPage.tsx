import { CheckById, CheckByUpload } from "../../features/admin/certificate-checks/StatusCheck";

export default function CertificateStatusCheckPage() {
  return (
    <>
      <CheckById />
      <div style={{ height: 16 }} />
      <CheckByUpload />
    </>
  );
}
